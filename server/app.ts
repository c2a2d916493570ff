import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '#domain/errors.ts';
import { pickLanguage } from '#domain/language.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { AppEnv } from './env.ts';
import type { SendLimits } from './features/auth/send-limits.ts';
import { registerIdentityMailJobs } from './features/identity/mail-jobs.ts';
import { createIdentityServices } from './features/identity/services.ts';
import { loginRoutes } from './features/login/routes.ts';
import { passwordResetRoutes } from './features/password-reset/routes.ts';
import { createPlanService } from './features/plans/service.ts';
import { postalRoutes } from './features/postal/routes.ts';
import { createSessionRepo } from './features/sessions/repo.ts';
import { createSessionService } from './features/sessions/service.ts';
import { signupRoutes } from './features/signup/routes.ts';
import { createStoreRepo } from './features/stores/repo.ts';
import { errorObject } from './i18n/error-object.ts';
import type { Logger } from './logger.ts';
import { csrfProtection } from './middleware/csrf.ts';
import { requestContext } from './middleware/request-context.ts';
import { securityHeaders, storeSecurityHeaders } from './middleware/security-headers.ts';
import { sessionMiddleware } from './middleware/session.ts';
import { tenancy } from './middleware/tenancy.ts';
import { createPageCache } from './render/page-cache.ts';
import { type PageRenderer, pageRoutes } from './render/pages.ts';
import { stylesheetRoutes } from './render/stylesheets.ts';
import { neutralErrorPage } from './render/unknown-host.ts';
import { identityScreens } from './screens/identity-screens.ts';
import { screenRoutes } from './screens/registry.ts';
import { createScreenRunner, screenDataRoutes } from './screens/routes.ts';
import { createStoreCache, type StoreCache } from './tenancy/store-cache.ts';

export type AppDeps = {
  config: AppConfig;
  database: Database;
  log: Logger;
  /** Renders a page with Vike; absent in tests that only call the JSON API. */
  renderPage?: PageRenderer;
  /** Serves built assets (production) before tenancy; development lets Vite serve them. */
  staticFiles?: MiddlewareHandler;
  now?: () => Date;
  isReady?: () => boolean;
  /** Smaller send limits for tests (production: SEND_LIMITS). */
  sendLimits?: Partial<SendLimits>;
  /** false: queued mail waits for the poller or a drain (tests that look at the request alone). */
  mailKick?: boolean;
};

/** Calls whose bodies are JSON (spec 7): the API and the login actions. Forms (OIDC consent) are not. */
export const isJsonCall = (path: string) =>
  (path.startsWith('/zapi/') || path === '/login' || path.startsWith('/login/') || path === '/oidc/login') && !path.endsWith('/form');

export type App = { app: Hono<AppEnv>; storeCache: StoreCache; ids: ReturnType<typeof createIdentityServices> };

export function createApp(deps: AppDeps): App {
  const { config, database, log } = deps;
  const storeRepo = createStoreRepo(database.db);
  const storeCache = createStoreCache(storeRepo, { ttlMs: config.SETTINGS_CACHE_TTL_MS });
  const planService = createPlanService({ storeRepo });
  const clock = deps.now ?? (() => new Date());
  const sessionRepo = createSessionRepo(database.db);
  const sessionService = createSessionService({ repo: sessionRepo, clock, ttlDays: config.SESSION_TTL_DAYS });
  const ids = createIdentityServices({
    db: database.db,
    config,
    log,
    clock,
    sessions: sessionService,
    sessionRepo,
    sendLimits: {
      perClient: { max: config.MAIL_REQUESTS_PER_CLIENT_HOUR, windowSeconds: 3600 },
      perStore: { max: config.MAIL_REQUESTS_PER_STORE_HOUR, windowSeconds: 3600 },
      ...deps.sendLimits,
    },
    mailKick: deps.mailKick,
  });
  const resets = ids.resets;
  registerIdentityMailJobs(ids, storeCache);
  const runScreen = createScreenRunner(
    [...screenRoutes({ planService, rootDir: config.rootDir }), ...identityScreens({ ids, resets, planService })],
    clock,
  );

  const app = new Hono<AppEnv>();
  app.use(requestContext(log));
  app.use(securityHeaders({ dev: config.NODE_ENV === 'development', trustProxy: config.TRUST_PROXY }));

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    if (deps.isReady && !deps.isReady()) return c.json({ status: 'shutting-down' }, 503);
    try {
      await storeRepo.revisions();
      return c.json({ status: 'ready', database: database.kind });
    } catch {
      return c.json({ status: 'database-unavailable' }, 503);
    }
  });
  if (deps.staticFiles) app.use(deps.staticFiles);
  app.route('/', stylesheetRoutes({ db: database.db, log }));

  app.use(
    bodyLimit({
      maxSize: config.BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
  );
  app.use(tenancy(storeCache, { trustProxy: config.TRUST_PROXY, appUaPattern: config.appUaPattern }));
  app.use(storeSecurityHeaders({ dev: config.NODE_ENV === 'development' }));
  app.use(csrfProtection({ jsonPaths: isJsonCall }));
  app.use(sessionMiddleware(sessionService));

  app.route('/zapi/internal', screenDataRoutes(runScreen));
  app.route('/', loginRoutes(ids));
  app.route('/zapi', signupRoutes(ids));
  app.route('/zapi/auth/password', passwordResetRoutes(ids, resets));
  app.route('/zapi/postal-code', postalRoutes());
  app.all('/zapi/*', () => {
    throw new AppError('NOT_FOUND');
  });
  if (deps.renderPage) {
    // Not in development: there a page changes with its source, which no key of the cache sees.
    const pageCache =
      config.PAGE_CACHE_ENTRIES > 0 && config.NODE_ENV !== 'development'
        ? createPageCache({ maxEntries: config.PAGE_CACHE_ENTRIES, maxBytes: config.PAGE_CACHE_MB * 1024 * 1024 })
        : null;
    app.route('/', pageRoutes(deps.renderPage, runScreen, pageCache));
  }

  app.notFound((c) => c.json(errorObject('NOT_FOUND', 404, c.var.lang ?? 'ja', c.var.requestId), 404));

  app.onError((err, c) => {
    const lang = c.var.lang ?? pickLanguage({ acceptLanguage: c.req.header('accept-language'), storeDefault: 'ja' });
    if (err instanceof AppError) {
      // A single-field error (e.g. PIN_CODE_ERROR on the code) puts its message on that field.
      const fields = err.fields ?? (err.field && err.message !== err.code ? { [err.field]: err.message } : undefined);
      const body = errorObject(err.code, err.status, lang, c.var.requestId, { messageKey: err.message, fields });
      const retryAfter = err.status === 429 ? err.fields?.retryAfterSeconds : undefined;
      if (retryAfter) c.header('Retry-After', retryAfter);
      return c.json(body, err.status as 400);
    }
    (c.var.log ?? log).error('unhandled error', { err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) });
    if (!c.req.path.startsWith('/zapi/') && !c.var.store) return c.html(neutralErrorPage(500, lang, c.var.requestId), 500);
    return c.json(errorObject('INTERNAL_ERROR', 500, lang, c.var.requestId), 500);
  });

  return { app, storeCache, ids };
}
