// Login by password, the request for a login code, and the one-time code itself.
import { z } from 'zod';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import { isEmailFormat, normalizeEmail } from './email.ts';
import { report } from './issues.ts';
import { toHalfWidthDigits } from './normalize.ts';
import { isUserId } from './user-id.ts';

/** What the login builders read; a full StoreSettings fits too. */
export type LoginSettings = Pick<PublicStoreSettings, 'features'>;

/** Whether a validated emailUserId is an e-mail address (otherwise it is a user ID). */
export function isEmailIdentifier(emailUserId: string): boolean {
  return emailUserId.includes('@');
}

/**
 * The login identifier: an e-mail address, or also a user ID when features.userId is on.
 * E-mail addresses come out normalised (trimmed, domain lower-cased); user IDs trimmed.
 * No length limit beyond the format: an account that exists already passed the sign-up limits.
 */
export function emailUserIdSchema(settings: LoginSettings) {
  const byUserId = settings.features.userId;
  const requiredKey = byUserId ? 'login.emailUserIdRequired' : 'email.required';
  return z.string({ error: requiredKey }).transform((text, ctx) => {
    const trimmed = text.trim();
    if (trimmed === '') {
      report(ctx, requiredKey);
      return z.NEVER;
    }
    const email = normalizeEmail(trimmed);
    if (isEmailFormat(email)) return email;
    if (byUserId && !trimmed.includes('@') && isUserId(trimmed)) return trimmed;
    report(ctx, byUserId ? 'login.emailUserIdInvalid' : 'email.invalid');
    return z.NEVER;
  });
}

/** The password typed to log in: only required (the strength rules applied when it was set). */
export const loginPasswordField = z.string({ error: 'password.required' }).superRefine((value, ctx) => {
  if (value === '') report(ctx, 'password.required');
});

/**
 * The login schemas depend only on whether user ids are on: each is built once per variant and
 * shared (zod schemas are immutable), not on every render of the login form.
 */
const passwordSchemas = new Map<boolean, ReturnType<typeof buildPasswordSchema>>();
const codeRequestSchemas = new Map<boolean, ReturnType<typeof buildCodeRequestSchema>>();
const buildPasswordSchema = (settings: LoginSettings) =>
  z.object({ emailUserId: emailUserIdSchema(settings), password: loginPasswordField }, { error: 'common.invalid' }).strip();
const buildCodeRequestSchema = (settings: LoginSettings) =>
  z.object({ emailUserId: emailUserIdSchema(settings) }, { error: 'common.invalid' }).strip();
function byUserId<S>(cache: Map<boolean, S>, settings: LoginSettings, build: () => S): S {
  const key = settings.features.userId;
  let schema = cache.get(key);
  if (!schema) {
    schema = build();
    cache.set(key, schema);
  }
  return schema;
}

/** { emailUserId, password } of the password login. Other body fields (the bot-check token) are stripped. */
export function loginPasswordSchema(settings: LoginSettings) {
  return byUserId(passwordSchemas, settings, () => buildPasswordSchema(settings));
}

/** { emailUserId } of the request for a login code. */
export function loginCodeRequestSchema(settings: LoginSettings) {
  return byUserId(codeRequestSchemas, settings, () => buildCodeRequestSchema(settings));
}

export const AUTH_CODE_LENGTH = 6;

/**
 * The 6-digit one-time code. Full-width digits become half-width and spaces are dropped first
 * (a pasted "123 456" works). Its required message has a {field} the screen fills with the
 * purpose's displayName.
 */
export const authCodeSchema = z.string({ error: 'authCode.required' }).transform((text, ctx) => {
  const code = toHalfWidthDigits(text).replace(/\s/g, '');
  if (code === '') {
    report(ctx, 'authCode.required');
    return z.NEVER;
  }
  if (!/^\d{6}$/.test(code)) {
    report(ctx, 'authCode.invalid', { length: AUTH_CODE_LENGTH });
    return z.NEVER;
  }
  return code;
});
