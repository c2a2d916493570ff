// The app's routes as Hono registered them, and which of them are the JSON calls of the call
// table (domain/calls.ts). The suites read the routes from the app, so a route added later is
// covered, or fails them for want of a row.
import type { Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';
import { isLoginCall } from '#server/platform/http/login-paths.ts';

/** A handler (not a middleware) the app registers: "POST /zapi/signup". */
export type RouteKey = `${string} ${string}`;

/** Every route handler of the app, middleware left out, as "METHOD /path". */
export function routeTable(app: Hono<never>): RouteKey[] {
  const keys = inspectRoutes(app as never)
    .filter((r) => !r.isMiddleware)
    .map((r) => `${r.method} ${r.path}` as RouteKey);
  return [...new Set(keys)];
}

/**
 * Routes under the JSON call prefixes that are not JSON calls (decision 0039): the provider's
 * returns are top-level navigations answered with a redirect, a profile image is bytes, the
 * catch-all answers NOT_FOUND to anything else. Page data (/zapi/internal/.../screen-data) has its
 * own contract, domain/screen-data.ts.
 */
export const NOT_CALLS: readonly RouteKey[] = [
  'GET /zapi/purchase/return',
  'GET /zapi/subscription/re-settlement/return',
  'GET /zapi/account/payment-method/return',
  'GET /zapi/account/profile-image/:key',
  'ALL /zapi/*',
];

/** The app's JSON calls: its routes under /zapi/ and /api/ and the login actions, less the above. */
export function jsonCallRoutes(app: Hono<never>): RouteKey[] {
  return routeTable(app).filter((key) => {
    const path = key.slice(key.indexOf(' ') + 1);
    const prefixed = path.startsWith('/zapi/') || path.startsWith('/api/') || isLoginCall(path);
    return prefixed && !path.startsWith('/zapi/internal/') && !NOT_CALLS.includes(key);
  });
}
