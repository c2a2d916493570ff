// The member's own details (spec 7): basic information and the profile image.
import { type CallBody, call } from './call.ts';

export const editAccount = (body: CallBody<'POST /zapi/account/edit'>) => call('POST /zapi/account/edit', { body });

/** A data URL of the 200 x 200 picture, or null to remove it. */
export const setProfileImage = (profileImage: string | null) => call('POST /zapi/account/profile-image', { body: { profileImage } });
