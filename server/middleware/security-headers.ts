import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/env.ts';

/**
 * Security headers on every answer. The CSP allows scripts and styles only from this origin or
 * with this response's nonce; the tag manager's hosts are added only for a store with gtmId.
 */
export function contentSecurityPolicy(nonce: string, opts: { gtm: boolean; dev: boolean }): string {
  const gtmScript = opts.gtm ? ' https://www.googletagmanager.com' : '';
  const gtmConnect = opts.gtm ? ' https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com' : '';
  const devConnect = opts.dev ? ' ws: wss:' : '';
  // Vite's development client injects inline scripts and styles without a nonce.
  const inline = opts.dev ? "'unsafe-inline'" : `'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src 'self' ${inline}${gtmScript}`,
    `style-src 'self' ${inline}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: https:`,
    "font-src 'self' data:",
    `connect-src 'self'${gtmConnect}${devConnect}`,
    opts.gtm ? 'frame-src https://www.googletagmanager.com' : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Set before the handler answers: Hono then writes them into the response it creates. Set after
 * (on a finished response), each header made Hono copy the whole response, about 5 % of a page's
 * CPU. The store (for the tag manager's sources) is known only after tenancy: `storeSecurityHeaders`,
 * mounted after it, widens the policy for a store that sets gtmId.
 */
export function securityHeaders(opts: { dev: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.header('Content-Security-Policy', contentSecurityPolicy(c.var.nonce, { gtm: false, dev: opts.dev }));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    await next();
  });
}

/** After tenancy: the policy of a store with a tag manager allows its sources. */
export function storeSecurityHeaders(opts: { dev: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.var.store?.settings.gtmId) c.header('Content-Security-Policy', contentSecurityPolicy(c.var.nonce, { gtm: true, dev: opts.dev }));
    await next();
  });
}
