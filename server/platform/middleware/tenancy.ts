import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { MaintenanceSettings } from '#config-schema/maintenance.ts';
import { browserInfo } from '#domain/browser-info.ts';
import { AppError } from '#domain/errors.ts';
import { normalizeHost } from '#domain/host.ts';
import { pickLanguage } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { inStore } from '#server/db/scope.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { errorBody } from '#server/platform/http/error-body.ts';
import { clientIp } from '#server/platform/http/input.ts';
import { isNavigation } from '#server/platform/render/error-page.ts';
import { neutralErrorPage } from '#server/platform/render/unknown-host.ts';
import { clearCookie, isLocalHost, readCookies, serializeCookie } from '#server/platform/sessions/cookies.ts';
import { PREVIEW_COOKIE, PREVIEW_END_PATH, PREVIEW_PATH, type PreviewSource } from '#server/platform/stores/previews.ts';
import type { StoreCache, StoreContext } from '#server/platform/tenancy/store-cache.ts';

export const LANG_COOKIE = 'lang';

/**
 * Resolves the store once, at the edge, from the Host header (or X-Forwarded-Host when the
 * operator trusts a proxy), then the language and browser info. Nothing below reads Host again.
 */
export function tenancy(cache: StoreCache, opts: { trustProxy: boolean; appUaPattern: RegExp; previews?: PreviewSource }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const forwarded = opts.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    const authority = forwarded || c.req.header('host') || '';
    const host = normalizeHost(authority);
    // A draft's private preview (decision 0050): its address sets the token cookie, a browser
    // carrying it sees the draft instead of the live store; an unknown or expired one ends it.
    let store: StoreContext | null = null;
    let preview: { expiresAt: Date } | undefined;
    // Parsed once here; the session middleware and the routes read c.var.cookies.
    const sent = readCookies(c.req.header('cookie'));
    const previewToken = sent.get(PREVIEW_COOKIE);
    if (opts.previews && host && (c.req.path === PREVIEW_PATH || c.req.path.startsWith(`${PREVIEW_PATH}/`))) {
      return previewDoor(c, opts.previews, host);
    }
    if (opts.previews && host && previewToken) {
      const found = await opts.previews.find(previewToken);
      if (!found?.hosts.has(host)) return previewGone(c, host);
      store = found.store;
      preview = { expiresAt: found.expiresAt };
    }
    store ??= host ? await cache.resolveHost(host) : null;
    if (!store) {
      const lang = pickLanguage({ acceptLanguage: c.req.header('accept-language'), storeDefault: 'ja' });
      if (c.req.path.startsWith('/zapi/')) {
        return c.json(errorBody('STORE_NOT_FOUND', { lang, requestId: c.var.requestId }), 404);
      }
      return c.html(neutralErrorPage(404, lang, c.var.requestId), 404);
    }
    c.set('store', store);
    // A preview sees only its own and the language cookie: no session, no flow of the live store,
    // so nothing it does is anybody's (a guest, always) and no sign-in of the live store is ended or used.
    const cookies = preview ? new Map([...sent].filter(([name]) => name === LANG_COOKIE || name === PREVIEW_COOKIE)) : sent;
    c.set('cookies', cookies);
    if (preview) {
      c.set('preview', preview);
      c.header('Cache-Control', PREVIEW_CACHE_CONTROL);
      c.header('X-Robots-Tag', 'noindex');
    }
    c.set('host', host as string);
    const forwardedProto = opts.trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
    const scheme =
      forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : isLocalHost(host as string) ? 'http' : 'https';
    c.set('origin', `${scheme}://${authority}`);
    const queryLang = c.req.query('lang');
    const lang = pickLanguage({
      query: queryLang,
      cookie: cookies.get(LANG_COOKIE),
      acceptLanguage: c.req.header('accept-language'),
      storeDefault: store.settings.defaultLanguage,
    });
    c.set('lang', lang);
    if (queryLang === lang) {
      c.header('Set-Cookie', `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`, { append: true });
    }
    const userAgent = c.req.header('user-agent');
    c.set('browserInfo', browserInfo(userAgent, opts.appUaPattern));
    const ip = clientIp(c, opts.trustProxy);
    c.set('clientIp', ip);
    // The one scope the services take (decision 0040), built once here.
    c.set('scope', { store, origin: c.var.origin, lang, clientIp: ip, userAgent, requestId: c.var.requestId });
    const maintenance = store.settings.maintenance;
    if (maintenance?.enabled && !MAINTENANCE_OPEN_PATHS.has(c.req.path)) {
      const retryAfterSeconds = maintenanceRetryAfter(maintenance, Date.now());
      // A browser's navigation gets the store's 503 page (app.onError renders it, Retry-After
      // included); a call gets the error object, with the store's own message when it has one.
      if (isNavigation({ get: (name) => c.req.header(name) })) throw new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds });
      const body = errorBody(new AppError('SERVICE_UNAVAILABLE', { retryAfterSeconds }), { lang, requestId: c.var.requestId });
      const message = pickText(maintenance.message, lang);
      c.header('Retry-After', String(retryAfterSeconds));
      return c.json(message ? { ...body, message } : body, 503);
    }
    // A preview only looks: pages, their data and the read-only calls; anything else is refused.
    if (preview && !previewMayServe(c.req.method, c.req.path)) throw new AppError('PREVIEW_READ_ONLY');
    // Every query below runs in this store's scope: row-level security shows no other store's rows.
    await inStore(store.storeId, () => next());
    // No shared cache (nor the browser's back-forward reuse after the preview ends) keeps a draft.
    if (preview) c.header('Cache-Control', PREVIEW_CACHE_CONTROL);
  });
}

const PREVIEW_CACHE_CONTROL = 'private, no-store';

/**
 * What a preview serves: GET and HEAD of pages, their screen data and the postal-code lookup.
 * Every other call (sign-up, login, purchases, My Page's changes), the OpenID provider and the
 * external-ID sign-ins (whose GET returns create members) are refused with PREVIEW_READ_ONLY.
 */
export function previewMayServe(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path.startsWith('/zapi/internal/') || path.startsWith('/zapi/postal-code/')) return true;
  const closed = ['/zapi/', '/api/', '/oidc/', '/auth/', '/.well-known/'];
  return !closed.some((prefix) => path.startsWith(prefix)) && path !== '/oidc' && path !== '/auth';
}

/**
 * `/__preview/<token>[/<path>]`: a live preview served on this host sets its cookie (until the
 * preview ends) and sends the browser to the path (default the top page), so the token leaves the
 * address bar at once; `/__preview/end` forgets it. Anything else gets the neutral preview page.
 */
async function previewDoor(c: Context<AppEnv>, previews: PreviewSource, host: string): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const secure = !isLocalHost(host);
  if (c.req.path === PREVIEW_END_PATH || c.req.path === `${PREVIEW_END_PATH}/`) {
    c.header('Set-Cookie', clearCookie(PREVIEW_COOKIE, secure), { append: true });
    return c.redirect('/', 303);
  }
  const [token = '', ...rest] = c.req.path.slice(PREVIEW_PATH.length + 1).split('/');
  const found = c.req.method === 'GET' || c.req.method === 'HEAD' ? await previews.find(token) : null;
  if (!found?.hosts.has(host)) return previewGone(c, host);
  const maxAgeSeconds = Math.max(1, Math.floor((found.expiresAt.getTime() - Date.now()) / 1000));
  c.header('Set-Cookie', serializeCookie(PREVIEW_COOKIE, token, { maxAgeSeconds, httpOnly: true, secure }), { append: true });
  const path = rest.filter((part) => part !== '' && part !== '.' && part !== '..').join('/');
  return c.redirect(`/${path}`, 303);
}

/** An unknown or expired preview: the neutral 404 page (or error object) in the viewer's language, and its cookie cleared. */
function previewGone(c: Context<AppEnv>, host: string): Response {
  const lang = pickLanguage({
    query: c.req.query('lang'),
    cookie: readCookies(c.req.header('cookie')).get(LANG_COOKIE),
    acceptLanguage: c.req.header('accept-language'),
    storeDefault: 'ja',
  });
  c.header('Cache-Control', 'no-store');
  c.header('Set-Cookie', clearCookie(PREVIEW_COOKIE, !isLocalHost(host)), { append: true });
  if (!isNavigation({ get: (name) => c.req.header(name) }))
    return c.json(errorBody('NOT_FOUND', { lang, requestId: c.var.requestId }), 404);
  return c.html(neutralErrorPage(404, lang, c.var.requestId, 'preview'), 404);
}

/**
 * What a store in maintenance still serves (decision 0047): the OpenID keys and discovery, so that
 * tokens already issued keep verifying at its client apps. /healthz and /readyz answer before
 * tenancy; the billing job does not go through HTTP at all.
 */
const MAINTENANCE_OPEN_PATHS = new Set(['/oidc/jwks', '/.well-known/openid-configuration']);

/** Retry-After while in maintenance: the seconds until its expected end, else 5 minutes (also once the end has passed). */
export function maintenanceRetryAfter(maintenance: MaintenanceSettings, now: number): number {
  const end = maintenance.endsAt ? Date.parse(maintenance.endsAt) : Number.NaN;
  return end > now ? Math.ceil((end - now) / 1000) : DEFAULT_RETRY_AFTER_SECONDS;
}
const DEFAULT_RETRY_AFTER_SECONDS = 300;
