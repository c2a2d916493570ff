// Setting a password through a one-time code (/mypage/enable-password) and changing it
// (/mypage/password/edit), spec 2 and 5 "Password". The rules themselves live in password.ts.
import { z } from 'zod';
import { report, whenObject } from './issues.ts';
import { authCodeSchema } from './login.ts';
import {
  checkPasswordChanged,
  checkPasswordConfirm,
  newPasswordSchema,
  oldPasswordField,
  type PasswordStrength,
  passwordPairShape,
  passwordSchema,
} from './password.ts';

/** POST /zapi/account/enable-password and its form: { pinCode, password, passwordConfirm }. */
export function enablePasswordSchema(strength: PasswordStrength) {
  return z
    .object({ pinCode: authCodeSchema, ...passwordPairShape(strength) }, { error: 'common.invalid' })
    .strip()
    .superRefine((v, ctx) => checkPasswordConfirm(v, ctx), whenObject);
}

/** POST /zapi/account/password/edit: { oldPassword, newPassword } (newPasswordSchema, stripped). */
export function passwordEditBodySchema(strength: PasswordStrength) {
  return newPasswordSchema(strength).strip();
}

/**
 * The change form: { oldPassword, newPassword, newPasswordConfirm }; the confirmation must match
 * the new password ('パスワードが一致しません'). Only the body's two fields are sent.
 */
export function passwordEditFormSchema(strength: PasswordStrength) {
  const newPasswordConfirm = z.string({ error: 'password.confirmRequired' }).superRefine((value, ctx) => {
    if (value === '') report(ctx, 'password.confirmRequired');
  });
  return z
    .object({ oldPassword: oldPasswordField, newPassword: passwordSchema(strength), newPasswordConfirm }, { error: 'common.invalid' })
    .superRefine((v, ctx) => {
      checkPasswordChanged(v, ctx);
      checkPasswordConfirm(v, ctx, 'newPassword', 'newPasswordConfirm');
    }, whenObject);
}
