import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '#domain/errors.ts';
import { pickLanguage } from '#domain/language.ts';
import type { Logger } from '#server/base/logger.ts';
import type { Database } from '#server/db/client.ts';
import { billingRoutes } from '#server/features/billing/routes.ts';
import { consentRoutes } from '#server/features/consents/routes.ts';
import { credentialRoutes } from '#server/features/credentials/routes.ts';
import { entitlementRoutes } from '#server/features/entitlements/routes.ts';
import { externalIdRoutes, externalSignup } from '#server/features/external-ids/routes.ts';
import { loginRoutes } from '#server/features/login/routes.ts';
import { mediaRoutes } from '#server/features/media/routes.ts';
import { metricsRoutes } from '#server/features/metrics/routes.ts';
import { connectionRoutes } from '#server/features/oidc/connection-routes.ts';
import { oidcInteractionRoutes } from '#server/features/oidc/interaction-routes.ts';
import { isProtocolPath } from '#server/features/oidc/paths.ts';
import { oidcProtocolRoutes } from '#server/features/oidc/routes.ts';
import { passwordResetRoutes } from '#server/features/password-reset/routes.ts';
import { paymentHistoryRoutes } from '#server/features/payment-history/routes.ts';
import { paymentMethodRoutes } from '#server/features/payment-methods/routes.ts';
import { pinCodeRoutes } from '#server/features/pin-code/routes.ts';
import { postalRoutes } from '#server/features/postal/routes.ts';
import { profileRoutes } from '#server/features/profile/routes.ts';
import { purchaseRoutes } from '#server/features/purchase/routes.ts';
import { signupRoutes } from '#server/features/signup/routes.ts';
import { subscriptionRoutes } from '#server/features/subscriptions/routes.ts';
import { withdrawalRoutes } from '#server/features/withdrawal/routes.ts';
import { accountRoutes } from '#server/platform/accounts/routes.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { errorBody } from '#server/platform/http/error-body.ts';
import { isLoginCall } from '#server/platform/http/login-paths.ts';
import { csrfProtection } from '#server/platform/middleware/csrf.ts';
import { requestContext } from '#server/platform/middleware/request-context.ts';
import { securityHeaders, storeSecurityHeaders } from '#server/platform/middleware/security-headers.ts';
import { sessionMiddleware } from '#server/platform/middleware/session.ts';
import { tenancy } from '#server/platform/middleware/tenancy.ts';
import { isNavigation, renderErrorPage } from '#server/platform/render/error-page.ts';
import { createPageCache } from '#server/platform/render/page-cache.ts';
import { type PageRenderer, pageRoutes } from '#server/platform/render/pages.ts';
import { stylesheetRoutes } from '#server/platform/render/stylesheets.ts';
import { neutralErrorPage } from '#server/platform/render/unknown-host.ts';
import { createScreenRunner, screenDataRoutes } from '#server/platform/screens/routes.ts';
import type { StoreCache } from '#server/platform/tenancy/store-cache.ts';
import { verificationRoutes } from '#server/platform/verification/routes.ts';
import type { Services } from './composition.ts';
import { screenLoaders } from './screen-loaders.ts';

export type AppDeps = {
  /** The composition root's services (`createServices`), built once by the caller: the app only routes to them. */
  services: Services;
  database: Database;
  log: Logger;
  /** Renders a page with Vike; absent in tests that only call the JSON API. */
  renderPage?: PageRenderer;
  /** Serves built assets (production) before tenancy; development lets Vite serve them. */
  staticFiles?: MiddlewareHandler;
  isReady?: () => boolean;
};

/** Calls whose bodies are JSON (spec 7): the API and the login actions. Forms (OIDC consent) are not. */
export const isJsonCall = (path: string) =>
  (path.startsWith('/zapi/') || path.startsWith('/api/') || isLoginCall(path)) && !path.endsWith('/form');

export type App = { app: Hono<AppEnv>; storeCache: StoreCache; services: Services };

/** The HTTP application over the services of the composition root (built by the caller, decision 0041). */
export function createApp(deps: AppDeps): App {
  const { services, database, log } = deps;
  const { config, storeCache, metrics } = services;
  if (database.poolStats) metrics.watchPool(database.poolStats);
  const runScreen = createScreenRunner(screenLoaders(services, config.rootDir), services.clock);

  const app = new Hono<AppEnv>();
  app.use(requestContext(log, metrics.request));
  app.use(securityHeaders({ dev: config.NODE_ENV === 'development', trustProxy: config.TRUST_PROXY }));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    if (deps.isReady && !deps.isReady()) return c.json({ status: 'shutting-down' }, 503);
    try {
      await services.storeRepo.revisions();
      return c.json({ status: 'ready', database: database.kind });
    } catch {
      return c.json({ status: 'database-unavailable' }, 503);
    }
  });
  // Loopback clients not behind a proxy, or the METRICS_TOKEN bearer (decision 0034).
  app.route('/', metricsRoutes(metrics, { token: config.METRICS_TOKEN, trustProxy: config.TRUST_PROXY }));
  if (deps.staticFiles) app.use(deps.staticFiles);
  app.route('/', stylesheetRoutes({ db: database.db, log }));
  // The test video playback answers (decision 0046): the same files for every store.
  app.route('/', mediaRoutes(config.rootDir));

  const limitBody = bodyLimit({
    maxSize: config.BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // A GET or HEAD request has no body in Hono (`c.req.raw.body` is null: bodyLimit calls next()), and
  // asking the node server for it builds the whole web Request of every page view (decision 0060).
  app.use((c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)));
  app.use(tenancy(storeCache, { trustProxy: config.TRUST_PROXY, appUaPattern: config.appUaPattern, previews: services.previews }));
  app.use(
    storeSecurityHeaders({
      dev: config.NODE_ENV === 'development',
      paymentOrigin: (storeId) => services.gateway.browserConfig(storeId).origin,
    }),
  );
  // The OpenID provider's protocol endpoints are cross-site by design (the provider guards its own forms);
  // an external ID provider posts its answer to /auth/callback/form.
  const csrf = csrfProtection({ jsonPaths: isJsonCall, crossSitePaths: (path) => path === '/auth/callback/form' });
  app.use((c, next) => (isProtocolPath(c.req.path) ? next() : csrf(c, next)));
  app.use(sessionMiddleware(services.sessions));
  app.route('/', oidcProtocolRoutes(services.oidcProviders, services));

  app.route('/zapi/internal', screenDataRoutes(runScreen, services.mypage));
  app.route('/', loginRoutes(services.login));
  app.route('/', oidcInteractionRoutes(services.oidc, services));
  app.route('/zapi/signup', signupRoutes(services.signup, externalSignup(services.externalIds)));
  app.route('/zapi/account', verificationRoutes(services.verification));
  app.route('/zapi/account', accountRoutes(services.userIds));
  app.route('/zapi/account', credentialRoutes(services));
  app.route('/zapi/account', profileRoutes(services.profiles));
  app.route('/zapi/account', consentRoutes(services.consents));
  app.route('/zapi/account', pinCodeRoutes(services.pinCodes));
  app.route('/zapi/account', withdrawalRoutes(services.withdrawal));
  app.route('/zapi/account', paymentMethodRoutes(services.paymentMethods));
  app.route('/zapi/account', paymentHistoryRoutes(services.paymentHistory));
  app.route('/zapi/subscription', subscriptionRoutes(services.subscriptions));
  app.route('/zapi/auth/password', passwordResetRoutes(services.passwordReset));
  app.route('/', externalIdRoutes(services.externalIds));
  app.route('/zapi/postal-code', postalRoutes());
  app.route('/zapi/purchase', purchaseRoutes(services.purchases));
  app.route('/zapi/subscription', billingRoutes(services.reSettlement));
  app.route('/zapi/oidc', connectionRoutes(services.connections));
  app.route('/api/streaks', entitlementRoutes(services.entitlements));
  app.all('/zapi/*', () => {
    throw new AppError('NOT_FOUND');
  });
  if (deps.renderPage) {
    // Not in development: there a page changes with its source, which no key of the cache sees.
    const pageCache =
      config.PAGE_CACHE_ENTRIES > 0 && config.NODE_ENV !== 'development'
        ? createPageCache({
            maxEntries: config.PAGE_CACHE_ENTRIES,
            maxBytes: config.PAGE_CACHE_MB * 1024 * 1024,
            onLookup: metrics.pageCacheLookup,
          })
        : null;
    if (pageCache) metrics.watchPageCache(pageCache.sizes);
    app.route('/', pageRoutes(deps.renderPage, runScreen, pageCache));
  }

  app.notFound((c) => c.json(errorBody('NOT_FOUND', { lang: c.var.lang ?? 'ja', requestId: c.var.requestId }), 404));

  app.onError(async (err, c) => {
    const lang = c.var.lang ?? pickLanguage({ acceptLanguage: c.req.header('accept-language'), storeDefault: 'ja' });
    // A browser that navigated here (a reload of a provider's return, a stale link) gets the
    // store's error page in its language; a page's fetch gets the error object (decision 0036).
    const answer = async (body: ReturnType<typeof errorBody>, status: number) => {
      if (deps.renderPage && c.var.store && isNavigation({ get: (name) => c.req.header(name) })) {
        const page = await renderErrorPage(c, deps.renderPage, body).catch(() => null);
        if (page) return page;
      }
      return c.json(body, status as 400);
    };
    if (err instanceof AppError) {
      countRefusal(err, c.req.path);
      if (err.retryAfterSeconds) c.header('Retry-After', String(err.retryAfterSeconds));
      return answer(errorBody(err, { lang, requestId: c.var.requestId }), err.status);
    }
    (c.var.log ?? log).error('unhandled error', { err });
    if (!c.req.path.startsWith('/zapi/') && !c.var.store) return c.html(neutralErrorPage(500, lang, c.var.requestId), 500);
    return answer(errorBody('INTERNAL_ERROR', { lang, requestId: c.var.requestId }), 500);
  });

  /** Refused logins and limits reached, for the metrics. */
  function countRefusal(err: AppError, path: string) {
    if (err.status === 429) metrics.throttled(err.code);
    if (err.code === 'LOGIN_FAILED') metrics.loginFailure('password');
    else if (err.code === 'PIN_CODE_ERROR' && isLoginCall(path)) metrics.loginFailure('code');
  }

  return { app, storeCache, services };
}
