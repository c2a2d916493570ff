import { randomBytes } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { type AppConfig, ConfigError, loadConfig } from '#server/base/config.ts';
import { createLogger } from '#server/base/logger.ts';
import { type AdminFile, adminFilePath, isProcessAlive, readAdminFile } from '#server/db/admin-file.ts';
import { openDatabase } from '#server/db/open.ts';
import { makePrivate } from '#server/db/private-folder.ts';
import { billingAdminRoutes } from '#server/features/billing/admin-run.ts';
import { startBillingSchedule } from '#server/features/billing/schedule.ts';
import { createMetrics } from '#server/features/metrics/registry.ts';
import { refundAdminRoutes } from '#server/features/refunds/admin-routes.ts';
import { warnIfGeoDataOld } from '#server/platform/auth/geoip-age.ts';
import { type AdminDoor, adminApp, openAdminDoor } from '#server/platform/http/admin-door.ts';
import { listen, portInUseAsConfigError } from '#server/platform/http/listen.ts';
import type { PageRenderer } from '#server/platform/render/pages.ts';
import { storeAdminRoutes } from '#server/platform/stores/admin-routes.ts';
import { seedDemoStores } from '#server/platform/stores/seed.ts';
import { watchStoreChanges } from '#server/platform/tenancy/watch.ts';
import { type RunningIdSandbox, startIdSandbox } from '../../id-sandbox/server.ts';
import { type RunningSandbox, startPaymentSandbox } from '../../payment-sandbox/server.ts';
import { createApp } from './app.ts';
import { createServices } from './composition.ts';

/** The drain ends once no request (other than a health check) has come for this long. */
const DRAIN_QUIET_MS = 1_000;

export type BootOptions = {
  renderPage: PageRenderer;
  staticFiles?: MiddlewareHandler;
  /** Development: Vite's connect middlewares run first (assets, HMR). */
  viteMiddlewares?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  config?: AppConfig;
};

export async function boot(opts: BootOptions) {
  const config = opts.config ?? loadConfig();
  const log = createLogger(config.LOG_LEVEL, { service: 'store-platform' });
  // The login history's country data must follow GeoLite2's releases (docs/operations.md).
  warnIfGeoDataOld(log, new Date());
  if (!config.DATABASE_URL) {
    // PGlite admits one process: refuse to open a data folder that a live server holds.
    const holder = readAdminFile(config.dataDir);
    if (holder && holder !== 'unreadable' && isProcessAlive(holder.pid)) {
      throw new ConfigError(
        `DATA_DIR ${config.dataDir} is in use by a running server (pid ${holder.pid}); stop it or choose another DATA_DIR`,
      );
    }
  }
  const metrics = createMetrics({ processMetrics: true });
  const database = await openDatabase(config, {
    onError: (err) => log.error('database connection lost; the next query reconnects', { err }),
    onQuery: metrics.query,
  });
  // A start that fails half-way (a busy port) undoes what it began, newest first: no listener
  // left open, no stale admin.json (issue 21). A busy port of a sandbox's listener is told as the
  // sandbox names it, in one line (listen() already names the stores' port).
  const undo: Array<() => unknown> = [() => database.close()];
  const step = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (caught) {
      const err = portInUseAsConfigError(caught);
      for (const u of undo.reverse()) {
        try {
          await u();
        } catch {
          // Undo what can be undone; the start's own error is the one to report.
        }
      }
      throw err;
    }
  };
  let adminFile: AdminFile | null = null;
  // It names a token: readable by the server's own user only (a stale file may have been wider).
  const writeAdminFile = (file: AdminFile) => {
    writeFileSync(adminFilePath(config.dataDir), JSON.stringify(file), { mode: 0o600 });
    chmodSync(adminFilePath(config.dataDir), 0o600);
  };
  if (database.pglite) {
    // PGlite admits one process: this one holds the folder from now on (the admin door's port and
    // token follow once the services are built: decision 0029).
    adminFile = { pid: process.pid };
    writeAdminFile(adminFile);
    undo.push(() => rmSync(adminFilePath(config.dataDir), { force: true }));
  }

  // The sandbox payment provider: a second listener on its own port, so its own origin (decision 0015).
  let sandbox: RunningSandbox | null = null;
  if (config.PAYMENT_SANDBOX) {
    const started = await step(() =>
      startPaymentSandbox({
        port: config.PAYMENT_SANDBOX_PORT,
        host: config.HOST,
        dataDir: join(config.dataDir, 'payment-sandbox'),
        secret: config.paymentSecret,
        publicUrl: config.PAYMENT_PROVIDER_PUBLIC_URL,
        assetsDir: join(config.rootDir, 'payment-sandbox/public'),
      }),
    );
    sandbox = started;
    undo.push(() => started.close());
    log.info('payment sandbox listening', { port: sandbox.port, publicUrl: sandbox.publicUrl });
  }
  // The local identity providers: four listeners, each provider on its own origin (decision 0022).
  let idSandbox: RunningIdSandbox | null = null;
  if (config.ID_SANDBOX) {
    const started = await step(() => startIdSandbox({ port: config.ID_SANDBOX_PORT, host: config.HOST, secret: config.idSandboxSecret }));
    idSandbox = started;
    undo.push(() => started.close());
    log.info('identity sandbox listening', { ports: idSandbox.ports });
  }
  // Every repository and service, once (decision 0041). Port 0 (tests): the URLs the configuration
  // derived from the ports are the listeners'.
  const services = createServices({
    config,
    db: database.db,
    log,
    metrics,
    paymentProviderUrls: sandbox ? { apiUrl: config.PAYMENT_PROVIDER_URL ?? sandbox.url, publicUrl: sandbox.publicUrl } : undefined,
    idSandboxOrigins: idSandbox
      ? {
          line: idSandbox.origin('line'),
          google: idSandbox.origin('google'),
          yahoojp: idSandbox.origin('yahoojp'),
          facebook: idSandbox.origin('facebook'),
        }
      : undefined,
  });
  const repo = services.storeRepo;
  if (config.SEED_DEMO_STORES) await step(() => seedDemoStores(repo, config.rootDir, log));

  let ready = true;
  const { app, storeCache } = createApp({
    services,
    database,
    log,
    renderPage: opts.renderPage,
    staticFiles: opts.staticFiles,
    isReady: () => ready,
  });
  const stopWatching = await step(() => watchStoreChanges(database, repo, storeCache));
  undo.push(stopWatching);
  const stopHousekeeping = services.housekeeping.start(log);
  // Mail jobs left by a restart, or waiting for a retry; new ones are kicked as they come.
  const stopMailWorker = services.mailQueue.start();
  // Renewals (decision 0019): the same run as `npm run billing`, every BILLING_INTERVAL_MS.
  const stopBilling = startBillingSchedule({
    engine: services.billing,
    clock: services.clock,
    log,
    intervalMs: config.billingIntervalMs,
    batchSize: config.BILLING_BATCH_SIZE,
  });
  undo.push(stopHousekeeping, stopMailWorker, stopBilling, () => services.mailer.close());

  // On PGlite the store tool and the billing command ask this process to do their work (decisions
  // 0028, 0029): it holds the one database session and the sandbox provider's secret. Its own
  // loopback listener, never the stores' port; clients on this machine with the token only. Open
  // before the stores' port, so admin.json names it by the time the server answers.
  let adminDoor: AdminDoor | null = null;
  if (adminFile) {
    const token = randomBytes(32).toString('base64url');
    const door = await step(() =>
      openAdminDoor(
        adminApp(token, [
          billingAdminRoutes({ engine: services.billing, log }),
          storeAdminRoutes(services.storeAdmin),
          // The support command's refund (decision 0052).
          refundAdminRoutes({ refunds: services.refunds, storeCache: services.storeCache, serverPort: config.PORT }),
        ]),
      ),
    );
    adminDoor = door;
    undo.push(() => door.close(0));
    writeAdminFile({ ...adminFile, http: { port: adminDoor.port, token } });
  }
  // The folder and what the start wrote in it (migrations, seeds, the sandbox's file): the owner's only.
  if (adminFile || sandbox) makePrivate(config.dataDir);

  const listener = getRequestListener(app.fetch);
  // While draining, each answer closes its connection: a balancer's kept-alive connection ends
  // after an answer, never under a request it is sending (decision 0043).
  let draining = false;
  // When the last request other than a health check arrived: the drain lasts until the balancer
  // has stopped sending them.
  let lastRequestAt = 0;
  const server = createServer((req, res) => {
    if (draining) res.setHeader('connection', 'close');
    if (req.url !== '/readyz' && req.url !== '/healthz') lastRequestAt = Date.now();
    if (opts.viteMiddlewares) opts.viteMiddlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  const port = await step(() => listen(server, config.PORT, config.HOST, 'PORT'));

  const stores = await repo.list();
  const urls = stores.flatMap((s) =>
    s.settings.hosts
      .filter((h) => h === 'localhost' || h.endsWith('.localhost'))
      .map((h) => `  ${s.settings.serviceName.padEnd(24)} http://${h}:${port}`),
  );
  log.info('listening', { port, host: config.HOST, database: database.kind, stores: stores.length });
  if (urls.length > 0) process.stdout.write(`\nStores on this server:\n${urls.join('\n')}\n\n`);

  let closing: Promise<void> | null = null;
  async function shutdown(signal: string) {
    if (closing) return closing;
    closing = (async () => {
      ready = false;
      draining = true;
      // Behind a balancer (SHUTDOWN_DRAIN_MS): serve on, answering /readyz 503, until its health
      // check has taken this process out; then stop accepting. Ctrl-C (SIGINT) does not wait.
      const drainMs = signal === 'SIGINT' ? 0 : config.SHUTDOWN_DRAIN_MS;
      log.info('shutting down', { signal, drainMs });
      if (drainMs > 0) {
        // At least drainMs; then until no request came for a second (a busy balancer notices the
        // 503 late), at most SHUTDOWN_TIMEOUT_MS more.
        const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const until = Date.now() + drainMs + config.SHUTDOWN_TIMEOUT_MS;
        await sleep(drainMs);
        while (Date.now() - lastRequestAt < DRAIN_QUIET_MS && Date.now() < until) await sleep(100);
      }
      const timer = setTimeout(() => {
        log.warn('shutdown timed out; closing connections');
        server.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      // The admin door closes with the stores' port: a billing run it serves still has its provider.
      await Promise.all([
        new Promise<void>((resolve) => {
          // close() also ends the connections that carry no request. A request whose bytes have
          // arrived but wait for a busy event loop looks like one of those: let the loop read what
          // has come first (setImmediate runs after the poll phase), so that it is answered.
          setImmediate(() => {
            server.close(() => resolve());
            server.closeIdleConnections();
          });
        }),
        adminDoor?.close(config.SHUTDOWN_TIMEOUT_MS),
      ]);
      clearTimeout(timer);
      await sandbox?.close();
      await idSandbox?.close();
      await stopWatching();
      stopHousekeeping();
      stopMailWorker();
      // A billing run in flight finishes (its charges recorded) before the pool closes.
      await stopBilling();
      services.mailer.close();
      await database.close();
      if (adminFile) rmSync(adminFilePath(config.dataDir), { force: true });
      log.info('stopped');
    })();
    return closing;
  }
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      // A shutdown that hangs (a connection that never ends) must still end the process.
      const cap = config.SHUTDOWN_DRAIN_MS + 2 * config.SHUTDOWN_TIMEOUT_MS + 10_000;
      setTimeout(() => {
        log.error('shutdown did not finish; exiting', { ms: cap });
        process.exit(1);
      }, cap).unref();
      shutdown(sig).then(
        () => process.exit(0),
        (err) => {
          log.error('shutdown failed', { err });
          process.exit(1);
        },
      );
    });
  }
  return { server, port, paymentSandboxPort: sandbox?.port ?? null, idSandboxPorts: idSandbox?.ports ?? null, config, shutdown };
}
