// Password rules (setting, confirmation, change). Every failing rule is reported, each with its
// own key, so the screen can list what is still missing. Passwords are never trimmed.
import { z } from 'zod';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import { report, whenObject } from './issues.ts';
import type { ValidationMessageKey } from './messages.ts';

export type PasswordStrength = PublicStoreSettings['passwordStrength'];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;

/** Printable ASCII without the space: letters, digits and the 32 ASCII symbols. */
const ALLOWED = /^[\x21-\x7E]*$/;
const SYMBOL = /[\x21-\x2F\x3A-\x40\x5B-\x60\x7B-\x7E]/;

/** The keys of the rules `password` breaks under `strength`, in display order ([] when it is fine). */
export function passwordProblems(password: string, strength: PasswordStrength): ValidationMessageKey[] {
  if (password === '') return ['password.required'];
  const problems: ValidationMessageKey[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('password.tooShort');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('password.tooLong');
  if (!ALLOWED.test(password)) problems.push('password.invalidChars');
  if (!/[a-z]/.test(password)) problems.push('password.lowercaseRequired');
  if (!/[0-9]/.test(password)) problems.push('password.digitRequired');
  if ((strength === 'UPPER_CASE' || strength === 'UPPER_CASE_SYMBOL') && !/[A-Z]/.test(password))
    problems.push('password.uppercaseRequired');
  if ((strength === 'SYMBOL' || strength === 'UPPER_CASE_SYMBOL') && !SYMBOL.test(password)) problems.push('password.symbolRequired');
  return problems;
}

const PARAMS: Partial<Record<ValidationMessageKey, { min?: number; max?: number }>> = {
  'password.tooShort': { min: PASSWORD_MIN_LENGTH },
  'password.tooLong': { max: PASSWORD_MAX_LENGTH },
};

/** A new password under the store's strength. A missing value is 'password.required'. */
export function passwordSchema(strength: PasswordStrength) {
  return z.string({ error: 'password.required' }).superRefine((value, ctx) => {
    for (const key of passwordProblems(value, strength)) report(ctx, key, PARAMS[key]);
  });
}

type Ctx = z.RefinementCtx;

/** Adds 'password.mismatch' on `confirmField` when both values are present and differ. */
export function checkPasswordConfirm(value: Record<string, unknown>, ctx: Ctx, field = 'password', confirmField = 'passwordConfirm'): void {
  const a = value[field];
  const b = value[confirmField];
  if (typeof a === 'string' && typeof b === 'string' && b !== '' && a !== b) report(ctx, 'password.mismatch', undefined, [confirmField]);
}

const confirmField = () =>
  z.string({ error: 'password.confirmRequired' }).superRefine((value, ctx) => {
    if (value === '') report(ctx, 'password.confirmRequired');
  });

/** The shape of a password with its confirmation, for composing larger forms. */
export function passwordPairShape(strength: PasswordStrength) {
  return { password: passwordSchema(strength), passwordConfirm: confirmField() };
}

/** { password, passwordConfirm }: the password rules, and the confirmation must match. */
export function passwordPairSchema(strength: PasswordStrength) {
  return z
    .object(passwordPairShape(strength), { error: 'common.invalid' })
    .superRefine((v, ctx) => checkPasswordConfirm(v, ctx), whenObject);
}

/** { token, password, passwordConfirm }: the reset form; the token comes from the link's query. */
export function passwordResetSchema(strength: PasswordStrength) {
  return z
    .object(
      { token: z.string({ error: 'common.invalid' }).min(1, 'common.invalid'), ...passwordPairShape(strength) },
      { error: 'common.invalid' },
    )
    .superRefine((v, ctx) => checkPasswordConfirm(v, ctx), whenObject);
}

/** The current password of a change: only required (min 1). */
export const oldPasswordField = z.string({ error: 'password.oldRequired' }).superRefine((value, ctx) => {
  if (value === '') report(ctx, 'password.oldRequired');
});

/** Adds 'password.sameAsOld' on newPassword when both are present and equal. */
export function checkPasswordChanged(value: Record<string, unknown>, ctx: Ctx): void {
  const { oldPassword: a, newPassword: b } = value;
  if (typeof a === 'string' && typeof b === 'string' && a !== '' && a === b) report(ctx, 'password.sameAsOld', undefined, ['newPassword']);
}

/** { oldPassword, newPassword }: change; the old one is required and the new one must differ. */
export function newPasswordSchema(strength: PasswordStrength) {
  return z
    .object({ oldPassword: oldPasswordField, newPassword: passwordSchema(strength) }, { error: 'common.invalid' })
    .superRefine((v, ctx) => checkPasswordChanged(v, ctx), whenObject);
}
