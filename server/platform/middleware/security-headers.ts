import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { normalizeHost } from '#domain/host.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { isLoginCall } from '#server/platform/http/login-paths.ts';
import { isLocalHost } from '#server/platform/sessions/cookies.ts';

/**
 * Security headers on every answer. The CSP allows scripts and styles only from this origin or
 * with this response's nonce; the tag manager's hosts are added only for a store with gtmId.
 * HSTS and Cache-Control: no-store follow the rules of wantsHsts and mustNotStore below.
 */
export function contentSecurityPolicy(nonce: string, opts: { gtm: boolean; dev: boolean; payment?: string }): string {
  // The payment provider's origin: its tokenisation script, its token call, its redirect and challenge pages.
  const pay = opts.payment ? ` ${opts.payment}` : '';
  const gtmScript = opts.gtm ? ' https://www.googletagmanager.com' : '';
  const gtmConnect = opts.gtm ? ' https://www.google-analytics.com https://*.google-analytics.com https://www.googletagmanager.com' : '';
  const devConnect = opts.dev ? ' ws: wss:' : '';
  // Vite's development client injects inline scripts and styles without a nonce.
  const inline = opts.dev ? "'unsafe-inline'" : `'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src 'self' ${inline}${gtmScript}${pay}`,
    `style-src 'self' ${inline}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: https:`,
    "font-src 'self' data:",
    // The player (decision 0046) plays through Media Source Extensions: the video's source is a blob: URL.
    "media-src 'self' blob:",
    `connect-src 'self'${gtmConnect}${devConnect}${pay}`,
    opts.gtm ? `frame-src https://www.googletagmanager.com${pay}` : pay ? `frame-src${pay}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    // Forms post here, to https sites, to the payment provider; and, after the OpenID consent form,
    // the browser follows the app's redirect, which for a native app is a loopback address over
    // plain http (RFC 8252 section 7.3).
    `form-action 'self' https:${pay} ${LOOPBACK_REDIRECTS}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Loopback redirect URIs of native apps (RFC 8252), any port (CSP has no syntax for an IPv6 literal such as [::1]). */
export const LOOPBACK_REDIRECTS = 'http://127.0.0.1:* http://localhost:*';

/** Two years, the preload list's minimum; sub-domains too (every store host of a domain is ours). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Development hosts, served over plain HTTP: localhost, *.localhost and loopback addresses. */
function isLocalDevelopmentHost(host: string): boolean {
  return isLocalHost(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const firstValue = (header: string | undefined) => header?.split(',')[0]?.trim() || undefined;

/**
 * Whether an answer gets Strict-Transport-Security: always over a host other than a local one,
 * and behind a trusted proxy whenever the viewer came over https. This runs for every answer,
 * also static files and unknown hosts, which never reach tenancy, so the host is read here
 * unless tenancy has already set it.
 */
function wantsHsts(c: Context<AppEnv>, trustProxy: boolean): boolean {
  if (trustProxy && firstValue(c.req.header('x-forwarded-proto')) === 'https') return true;
  const authority = (trustProxy ? firstValue(c.req.header('x-forwarded-host')) : undefined) ?? c.req.header('host');
  const host = c.var.host ?? normalizeHost(authority);
  return !(host && isLocalDevelopmentHost(host));
}

/**
 * Answers that may carry member data and must not be stored by any cache: every answer of the
 * JSON API (/zapi/*) and of the login actions (POST /login*, /oidc/login*), unless its route declares itself
 * public (a postal-code lookup, the same for everybody); and every page rendered for a signed-in
 * member. Static files and guests' pages keep their own Cache-Control.
 */
function isApi(c: Context<AppEnv>): boolean {
  const path = c.req.path;
  return path.startsWith('/zapi/') || (c.req.method === 'POST' && isLoginCall(path));
}

function isMemberPage(c: Context<AppEnv>): boolean {
  return !isApi(c) && Boolean(c.var.account) && (c.res.headers.get('content-type') ?? '').startsWith('text/html');
}

/**
 * Set before the handler answers: Hono then writes them into the response it creates. Set after
 * (on a finished response), each header made Hono copy the whole response, about 5 % of a page's
 * CPU. The store (for the tag manager's sources) is known only after tenancy: `storeSecurityHeaders`,
 * mounted after it, widens the policy for a store that sets gtmId.
 */
export function securityHeaders(opts: { dev: boolean; trustProxy: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.header('Content-Security-Policy', contentSecurityPolicy(c.var.nonce, { gtm: false, dev: opts.dev }));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (wantsHsts(c, opts.trustProxy)) c.header('Strict-Transport-Security', HSTS);
    // The JSON API gets it before it answers (a route may declare itself public after, e.g. postal).
    if (isApi(c)) c.header('Cache-Control', 'no-store');
    await next();
    // A member's page: known once the session middleware ran (set after: the copy it costs is
    // paid on members' pages only).
    if (isMemberPage(c)) c.header('Cache-Control', 'no-store');
  });
}

/**
 * After tenancy: the policy of a store's answers allows its payment provider's origin (script,
 * token call, redirect forms) and, for a store with a tag manager, the tag manager's sources.
 */
export function storeSecurityHeaders(opts: { dev: boolean; paymentOrigin?: (storeId: string) => string }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const store = c.var.store;
    if (store) {
      const payment = opts.paymentOrigin?.(store.storeId);
      if (payment || store.settings.gtmId) {
        c.header(
          'Content-Security-Policy',
          contentSecurityPolicy(c.var.nonce, { gtm: Boolean(store.settings.gtmId), dev: opts.dev, payment }),
        );
      }
    }
    await next();
  });
}
