// The member's own details (spec 7): basic information and the profile image.
import type { AccountEditBody } from '#domain/validation/account-edit.ts';
import type { Redirect } from './identity-calls.ts';
import { postJson } from './request.ts';

export const editAccount = (body: AccountEditBody) => postJson<Redirect>('/zapi/account/edit', body);

/** A data URL of the 200 x 200 picture, or null to remove it. */
export const setProfileImage = (profileImage: string | null) =>
  postJson<{ profileImageUrl: string | null }>('/zapi/account/profile-image', { profileImage });
