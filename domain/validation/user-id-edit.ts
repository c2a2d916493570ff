// The user-ID change of My Page (spec 5 "User ID"): 6-15 half-width letters and digits, different
// from the current one, with the member's password (at least 8 characters).
import { z } from 'zod';
import { report, whenObject } from './issues.ts';
import { PASSWORD_MIN_LENGTH } from './password.ts';
import { userIdField } from './profile-fields.ts';
import { isUserId } from './user-id.ts';

/**
 * The password that confirms the change: required, and at least 8 characters (a shorter one
 * cannot be the member's; saying so spares a round trip).
 */
export const currentPasswordField = z.string({ error: 'password.required' }).superRefine((value, ctx) => {
  if (value === '') report(ctx, 'password.required');
  else if (value.length < PASSWORD_MIN_LENGTH) report(ctx, 'password.currentTooShort', { min: PASSWORD_MIN_LENGTH });
});

/**
 * { userId, password }: the form and POST /zapi/account/user-id/edit. `currentUserId` is the
 * member's user ID, or null when they have none yet (then any valid ID is a change).
 */
export function userIdEditSchema(currentUserId: string | null) {
  return z
    .object({ userId: userIdField('REQUIRED'), password: currentPasswordField }, { error: 'common.invalid' })
    .strip()
    .superRefine((v, ctx) => {
      const { userId } = v as Record<string, unknown>;
      if (typeof userId === 'string' && userId === currentUserId) report(ctx, 'userId.unchanged', undefined, ['userId']);
    }, whenObject);
}

/**
 * Whether leaving the user-ID box should ask the server if the ID is free (spec 5: "checked with
 * the server on blur unless unchanged"): only a valid ID, not the member's own, and not the value
 * the last check was about.
 */
export function shouldVerifyUserId(userId: string, opts: { currentUserId: string | null; lastChecked: string | null }): boolean {
  const id = userId.trim();
  return isUserId(id) && id !== opts.currentUserId && id !== opts.lastChecked;
}

/** The user-ID verify call (under /zapi/account/user-id): { userId }. */
export const userIdVerifyBodySchema = z.object({ userId: userIdField('REQUIRED') }, { error: 'common.invalid' }).strip();
