import { createMiddleware } from 'hono/factory';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/platform/http/env.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * An origin in one spelling (lower-case scheme and host, the scheme's default port left out), or
 * null for `null` and anything that is not a URL with a host. c.var.origin is the origin tenancy
 * resolved for the request (the scheme, host and port the viewer used).
 */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.host ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Cross-site request protection for every state-changing call. Two stores on sibling
 * subdomains (a.example.jp, b.example.jp) are the same *site*, so SameSite cookies alone do not
 * separate them: a request must come from this very origin.
 * - Sec-Fetch-Site, when the browser sends it, must be `same-origin`.
 * - Otherwise Origin, when present, must be this origin: scheme, host and port (an https page of the
 *   same host is another origin than an http store, and so is another port).
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
      const given = originOf(origin);
      if (given === null || given !== originOf(c.var.origin)) throw new AppError('CROSS_SITE_REQUEST');
    }
    if (opts.jsonPaths(c.req.path)) {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    return next();
  });
}
