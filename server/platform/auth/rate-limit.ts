import { AppError } from '#domain/errors.ts';
import type { ServerMessageKey } from '#domain/message-keys.ts';

/**
 * TOO_MANY_REQUESTS (or another 429 code such as LOGIN_BLOCKED) with the wait in whole seconds
 * (at least 1): the error body carries it as `retryAfterSeconds` for the browser's countdown, and
 * the answer as Retry-After. `messageKey` picks the text from server/platform/i18n/server-messages.ts.
 */
export function tooManyRequests(
  retryAfterSeconds: number,
  opts: { messageKey?: ServerMessageKey; code?: 'TOO_MANY_REQUESTS' | 'LOGIN_BLOCKED' } = {},
): AppError {
  return new AppError(opts.code ?? 'TOO_MANY_REQUESTS', {
    message: opts.messageKey,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  });
}
