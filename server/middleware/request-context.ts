import { randomBytes, randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Request id (kept from X-Request-Id when well-formed), CSP nonce, and an access-log line. */
export function requestContext(log: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const reqLog = log.child({ requestId });
    c.set('requestId', requestId);
    c.set('nonce', randomBytes(16).toString('base64'));
    c.set('log', reqLog);
    c.set('authId', '');
    c.set('account', null);
    const started = performance.now();
    // Before the handler answers, so Hono writes it into the response instead of copying it.
    c.header('X-Request-Id', requestId);
    await next();
    const path = c.req.path;
    if (path !== '/healthz' && path !== '/readyz') {
      reqLog.info('request', {
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        store: c.var.store?.storeId,
      });
    }
  });
}
