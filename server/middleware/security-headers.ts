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

export function securityHeaders(opts: { dev: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const gtm = Boolean(c.var.store?.settings.gtmId);
    c.header('Content-Security-Policy', contentSecurityPolicy(c.var.nonce, { gtm, dev: opts.dev }));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });
}
