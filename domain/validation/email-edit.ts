// The e-mail change of My Page (spec 2 "E-mail change", 5 "E-mail"): step 1 takes a new address,
// which must differ from the current one; step 2 confirms it with the one-time code.
import { z } from 'zod';
import { emailSchema, normalizeEmail } from './email.ts';
import { report, whenObject } from './issues.ts';
import { authCodeSchema } from './login.ts';

/**
 * Whether `email` is the member's current address once both are normalised (trimmed, domain
 * lower-cased; the local part is compared as typed, as it is stored).
 */
export function isSameEmail(email: string, currentEmail: string): boolean {
  return normalizeEmail(email) === normalizeEmail(currentEmail);
}

/**
 * { email } of step 1: a valid address of at most `maxLength` characters
 * (signupFields.maxLengths.email) that is not `currentEmail` ('メールアドレスを変更してください。').
 */
export function emailEditFormSchema(maxLength: number, currentEmail: string) {
  return z.object({ email: emailSchema(maxLength) }, { error: 'common.invalid' }).superRefine((v, ctx) => {
    const { email } = v as Record<string, unknown>;
    if (typeof email === 'string' && isSameEmail(email, currentEmail)) report(ctx, 'email.unchanged', undefined, ['email']);
  }, whenObject);
}

/** POST /zapi/account/email/edit/send-pin-code: { email, type: 'mailEdit' }. */
export function emailEditSendPinCodeBodySchema(maxLength: number, currentEmail: string) {
  return z
    .object({ email: emailSchema(maxLength), type: z.literal('mailEdit', { error: 'common.invalidOption' }) }, { error: 'common.invalid' })
    .strip()
    .superRefine((v, ctx) => {
      const { email } = v as Record<string, unknown>;
      if (typeof email === 'string' && isSameEmail(email, currentEmail)) report(ctx, 'email.unchanged', undefined, ['email']);
    }, whenObject);
}

/**
 * POST /zapi/account/email/edit: { email, pinCode }. The spec does not show the payload beyond
 * "pinCode plus new e-mail data"; the new address travels with the code so the server can check
 * that the code was sent to that very address. `pinCode` is the 6-digit one-time code.
 */
export function emailEditBodySchema(maxLength: number) {
  return z.object({ email: emailSchema(maxLength), pinCode: authCodeSchema }, { error: 'common.invalid' }).strip();
}
