// POST /zapi/account/email/send-pin-code (spec 7): sends a one-time code again, for any purpose.
import { z } from 'zod';
import { emailSchema } from './email.ts';

/** The purposes of one-time codes, in the order of spec 7. */
export const AUTH_CODE_PURPOSES = ['signUp', 'mailEdit', 'withdraw', 'login', 'passwordSetting'] as const;
export type AuthCodePurpose = (typeof AUTH_CODE_PURPOSES)[number];

export function isAuthCodePurpose(value: unknown): value is AuthCodePurpose {
  return typeof value === 'string' && (AUTH_CODE_PURPOSES as readonly string[]).includes(value);
}

/**
 * { email?, type }. The address is optional: a resend goes to the address the flow or the account
 * already holds (the server never sends a code for a member purpose to an address only the body
 * names); when present it must be valid, and the server compares it with that address.
 */
export function sendPinCodeBodySchema(emailMaxLength: number) {
  return z
    .object(
      {
        email: emailSchema(emailMaxLength).optional(),
        type: z.enum(AUTH_CODE_PURPOSES, { error: 'common.invalidOption' }),
      },
      { error: 'common.invalid' },
    )
    .strip();
}
