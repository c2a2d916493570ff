import { AUTH_CODE_LENGTH } from '#domain/validation/login.ts';
import { toHalfWidthDigits } from '#domain/validation/normalize.ts';

/** What the code box keeps of typed or pasted text: half-width digits only, at most 6 ("１２３ 456" -> "123456"). */
export function sanitizeCode(text: string): string {
  return toHalfWidthDigits(text).replace(/\D/g, '').slice(0, AUTH_CODE_LENGTH);
}

/** The submit rule of spec 4: six digits, and not the code the server just rejected. */
export function canSubmitCode(code: string, lastRejected: string | null): boolean {
  return code.length === AUTH_CODE_LENGTH && code !== lastRejected;
}
