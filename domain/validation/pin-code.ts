// The profile PIN code of the TV app (spec 5 "PIN", 4 "PIN"): exactly 4 half-width digits, typed
// twice. Not the 6-digit one-time code, which the API also calls `pinCode` (see login.ts).
import { z } from 'zod';
import { report, whenObject } from './issues.ts';
import type { ValidationMessageKey } from './messages.ts';
import { toHalfWidthDigits } from './normalize.ts';

export const PIN_CODE_LENGTH = 4;

/**
 * The rule `text` breaks, or null when it is a PIN. Full-width digits count as digits (an IME
 * gives them); anything else that is not a digit is an invalid character.
 */
export function pinCodeProblem(text: string): ValidationMessageKey | null {
  const pin = toHalfWidthDigits(text);
  if (/\D/.test(pin)) return 'pinCode.invalidChars';
  return pin.length === PIN_CODE_LENGTH ? null : 'pinCode.invalid';
}

/** What a PIN box keeps of typed text: half-width digits only, at most 4. */
export function sanitizePinInput(text: string): string {
  return toHalfWidthDigits(text).replace(/\D/g, '').slice(0, PIN_CODE_LENGTH);
}

/**
 * The paste rule: pasted text fills the box only when it is exactly a PIN (4 digits, full-width
 * accepted, surrounding spaces ignored); otherwise null and the paste is refused.
 */
export function pastedPinCode(text: string): string | null {
  const pin = toHalfWidthDigits(text.trim());
  return /^\d{4}$/.test(pin) ? pin : null;
}

/** Submit is enabled once both boxes hold all 4 digits (spec 4: "until all digits are filled"). */
export function canSubmitPinCode(pinCode: string, pinCodeConfirm: string): boolean {
  return pinCodeProblem(pinCode) === null && pinCodeProblem(pinCodeConfirm) === null;
}

/** One PIN field: 4 digits, normalised to half-width. */
export const pinCodeSchema = z.string({ error: 'pinCode.invalid' }).transform((text, ctx) => {
  const problem = pinCodeProblem(text);
  if (problem) {
    report(ctx, problem, problem === 'pinCode.invalid' ? { length: PIN_CODE_LENGTH } : undefined);
    return z.NEVER;
  }
  return toHalfWidthDigits(text);
});

/** The /mypage/pin-code form: { pinCode, pinCodeConfirm }; the confirmation must match. */
export const pinCodeFormSchema = z
  .object({ pinCode: pinCodeSchema, pinCodeConfirm: pinCodeSchema }, { error: 'common.invalid' })
  .superRefine((v, ctx) => {
    const { pinCode, pinCodeConfirm } = v as Record<string, unknown>;
    if (typeof pinCode === 'string' && typeof pinCodeConfirm === 'string' && pinCode !== pinCodeConfirm)
      report(ctx, 'pinCode.mismatch', undefined, ['pinCodeConfirm']);
  }, whenObject);

/** POST /zapi/account/pinCode/set: { pinCode } (the form has checked the confirmation). */
export const pinCodeSetBodySchema = z.object({ pinCode: pinCodeSchema }, { error: 'common.invalid' }).strip();
