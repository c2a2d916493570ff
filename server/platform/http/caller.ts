import type { Context } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import type { Caller } from '#server/platform/tenancy/caller.ts';

/** The request's caller, for services (tenancy resolved the store, language and address once). */
export function callerOf(c: Context<AppEnv>): Caller {
  const v = c.var;
  return { store: v.store, lang: v.lang, clientIp: v.clientIp, userAgent: c.req.header('user-agent'), requestId: v.requestId };
}
