// The data of the credential pages of My Page (e-mail change, password setting and change, user-ID
// change), spec 2. Listed by pattern in domain/screen-data.ts.
import { z } from 'zod';
import { codeTimingSchema } from '../identity-screens.ts';

/** /mypage/email/edit: the current address, shown disabled. */
export const emailEditScreenSchema = z.object({ currentEmail: z.string().min(1) }).strict();

/** /mypage/email/edit/pin-code: the new address the code went to. */
export const emailEditCodeScreenSchema = z.object({ ...codeTimingSchema.shape, email: z.string().min(1) }).strict();

/** /mypage/email/edit/complete: the member's address now. */
export const emailEditCompleteScreenSchema = z.object({ email: z.string().min(1) }).strict();

/** /mypage/enable-password: the member's own address, where the code went on entering. */
export const enablePasswordScreenSchema = z.object({ ...codeTimingSchema.shape, email: z.string().min(1) }).strict();

/** /mypage/user-id/edit and its completion: the member's user ID (null: none yet). */
export const userIdEditScreenSchema = z.object({ userId: z.string().nullable() }).strict();

/** The pages that show nothing of the member (password change, completions). */
export const emptyScreenSchema = z.object({}).strict();
