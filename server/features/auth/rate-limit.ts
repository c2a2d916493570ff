import { AppError } from '#domain/errors.ts';

/**
 * TOO_MANY_REQUESTS (or another 429 code such as LOGIN_BLOCKED) with the wait in
 * `fields.retryAfterSeconds` (whole seconds, at least 1), so the error object tells the browser
 * how long its countdown is and `onError` can set Retry-After. `messageKey` picks the text from
 * server/i18n/server-messages.ts.
 */
export function tooManyRequests(
  retryAfterSeconds: number,
  opts: { messageKey?: string; code?: 'TOO_MANY_REQUESTS' | 'LOGIN_BLOCKED' } = {},
): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(opts.code ?? 'TOO_MANY_REQUESTS', { message: opts.messageKey, fields: { retryAfterSeconds: String(seconds) } });
}
