import { createMiddleware } from 'hono/factory';
import { clearSessionCookies } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { AUID, SID } from '#server/platform/sessions/cookies.ts';
import type { SessionService } from '#server/platform/sessions/service.ts';

/**
 * sid cookie (parsed by tenancy) -> session row -> account (or guest). Sets c.var.account and
 * authId. A session that ended on the server (expired, logged out elsewhere, ended by a password
 * reset) has its sid and auid cookies cleared, so the page's cross-tab check and the cookies agree.
 */
export function sessionMiddleware(sessions: SessionService) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const account = await sessions.resolve(c.var.cookies.get(SID));
    c.set('account', account);
    c.set('authId', account?.publicId ?? '');
    if (!account && (c.var.cookies.get(SID) || c.var.cookies.get(AUID))) clearSessionCookies(c);
    await next();
  });
}
