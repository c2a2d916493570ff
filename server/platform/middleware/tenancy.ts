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
import { isLocalHost, readCookies } from '#server/platform/sessions/cookies.ts';
import type { StoreCache } from '#server/platform/tenancy/store-cache.ts';

export const LANG_COOKIE = 'lang';

/**
 * Resolves the store once, at the edge, from the Host header (or X-Forwarded-Host when the
 * operator trusts a proxy), then the language and browser info. Nothing below reads Host again.
 */
export function tenancy(cache: StoreCache, opts: { trustProxy: boolean; appUaPattern: RegExp }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const forwarded = opts.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
    const authority = forwarded || c.req.header('host') || '';
    const host = normalizeHost(authority);
    const store = host ? await cache.resolveHost(host) : null;
    if (!store) {
      const lang = pickLanguage({ acceptLanguage: c.req.header('accept-language'), storeDefault: 'ja' });
      if (c.req.path.startsWith('/zapi/')) {
        return c.json(errorBody('STORE_NOT_FOUND', { lang, requestId: c.var.requestId }), 404);
      }
      return c.html(neutralErrorPage(404, lang, c.var.requestId), 404);
    }
    c.set('store', store);
    // Parsed once here; the session middleware and the routes read c.var.cookies.
    const cookies = readCookies(c.req.header('cookie'));
    c.set('cookies', cookies);
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
    // Every query below runs in this store's scope: row-level security shows no other store's rows.
    await inStore(store.storeId, () => next());
  });
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
