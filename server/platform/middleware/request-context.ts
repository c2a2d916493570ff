import { randomBytes, randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '#server/base/logger.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { routePattern } from '#server/platform/http/route-pattern.ts';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Told of each answered request: its route pattern, method, status and duration (the metrics). */
export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

/** Request id (kept from X-Request-Id when well-formed), CSP nonce, an access-log line with the route pattern, the request's metrics. */
export function requestContext(log: Logger, observe?: RequestObserver) {
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
    const route = routePattern(c);
    const ms = performance.now() - started;
    observe?.(c.req.method, route, c.res.status, ms / 1000);
    if (path !== '/healthz' && path !== '/readyz' && path !== '/metrics') {
      reqLog.info('request', {
        method: c.req.method,
        route,
        path,
        status: c.res.status,
        ms: Math.round(ms * 10) / 10,
        store: c.var.store?.storeId,
      });
    }
  });
}
