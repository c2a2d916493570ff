import { z } from 'zod';

// The screen data of the basic-information edit and the profile image pages (issue 8). Strict,
// like every screen schema, so a stray field (above all a `redirectTo`) is refused.

/** /mypage/edit: the form's starting values from the stored profile (accountEditDefaults). */
export const accountEditScreenSchema = z.object({ values: z.record(z.string(), z.unknown()) }).strict();

/** /mypage/edit/complete */
export const accountEditCompleteScreenSchema = z.object({}).strict();

/** /mypage/profile/edit: the member's picture, or null. */
export const profileImageScreenSchema = z.object({ profileImageUrl: z.string().nullable() }).strict();
