import { createMiddleware } from 'hono/factory';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/env.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for every state-changing call. Two stores on sibling
 * subdomains (a.example.jp, b.example.jp) are the same *site*, so SameSite cookies alone do not
 * separate them: a request must come from this very origin.
 * - Sec-Fetch-Site, when the browser sends it, must be `same-origin`.
 * - Otherwise Origin, when present, must name this host.
 * - JSON calls must declare `application/json` (a form cannot send that without CORS preflight).
 * Clients that send neither header (curl, server-to-server) are not browsers and carry no
 * ambient cookies of a victim, so they pass to the normal authentication.
 */
export function csrfProtection(opts: {
  jsonPaths: (path: string) => boolean;
  /** POSTs other sites make by design (an identity provider's form_post answer); their routes change nothing. */
  crossSitePaths?: (path: string) => boolean;
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE.has(c.req.method) || opts.crossSitePaths?.(c.req.path)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (site !== undefined && site !== 'same-origin') throw new AppError('CROSS_SITE_REQUEST');
    if (site === undefined && origin !== undefined) {
      // c.var.origin is the origin tenancy resolved for this request (host and port the viewer used).
      let originHost: string | null = null;
      try {
        originHost = origin === 'null' ? null : new URL(origin).host;
      } catch {
        originHost = null;
      }
      if (originHost === null || originHost.toLowerCase() !== new URL(c.var.origin).host.toLowerCase())
        throw new AppError('CROSS_SITE_REQUEST');
    }
    if (opts.jsonPaths(c.req.path)) {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    return next();
  });
}
