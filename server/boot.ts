import { randomBytes } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { type RunningIdSandbox, startIdSandbox } from '../id-sandbox/server.ts';
import { type RunningSandbox, startPaymentSandbox } from '../payment-sandbox/server.ts';
import { createApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import { type AdminFile, adminFilePath, isProcessAlive, readAdminFile } from './db/admin-file.ts';
import { openDatabase } from './db/open.ts';
import { serveSocket } from './db/pglite-socket.ts';
import { warnIfGeoDataOld } from './features/auth/geoip-age.ts';
import { billingAdminApp } from './features/billing/admin-run.ts';
import { startBillingSchedule } from './features/billing/schedule.ts';
import { createMetrics } from './features/metrics/registry.ts';
import { createSandboxGateway } from './features/payments/sandbox-gateway.ts';
import { createStoreRepo } from './features/stores/repo.ts';
import { seedDemoStores } from './features/stores/seed.ts';
import { createLogger } from './logger.ts';
import type { PageRenderer } from './render/pages.ts';
import { watchStoreChanges } from './tenancy/watch.ts';

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
  const repo = createStoreRepo(database.db);
  if (config.SEED_DEMO_STORES) await seedDemoStores(repo, config.rootDir, log);

  let socketServer: { stop(): Promise<void> } | null = null;
  let adminFile: AdminFile | null = null;
  // It names a token: readable by the server's own user only (a stale file may have been wider).
  const writeAdminFile = (file: AdminFile) => {
    writeFileSync(adminFilePath(config.dataDir), JSON.stringify(file), { mode: 0o600 });
    chmodSync(adminFilePath(config.dataDir), 0o600);
  };
  if (database.pglite) {
    // PGlite is one process: serve its wire protocol on loopback so `npm run store` can reach it
    // (its transactions kept apart from the server's own: decision 0028).
    const srv = await serveSocket(database, config.PGLITE_SOCKET_PORT);
    adminFile = { pid: process.pid, port: srv.port };
    writeAdminFile(adminFile);
    socketServer = srv;
  }

  // The sandbox payment provider: a second listener on its own port, so its own origin (decision 0015).
  let sandbox: RunningSandbox | null = null;
  if (config.PAYMENT_SANDBOX) {
    sandbox = await startPaymentSandbox({
      port: config.PAYMENT_SANDBOX_PORT,
      host: config.HOST,
      dataDir: join(config.dataDir, 'payment-sandbox'),
      secret: config.paymentSecret,
      publicUrl: config.PAYMENT_PROVIDER_PUBLIC_URL,
      assetsDir: join(config.rootDir, 'payment-sandbox/public'),
    });
    log.info('payment sandbox listening', { port: sandbox.port, publicUrl: sandbox.publicUrl });
  }
  // The local identity providers: four listeners, each provider on its own origin (decision 0022).
  let idSandbox: RunningIdSandbox | null = null;
  if (config.ID_SANDBOX) {
    idSandbox = await startIdSandbox({ port: config.ID_SANDBOX_PORT, host: config.HOST, secret: config.idSandboxSecret });
    log.info('identity sandbox listening', { ports: idSandbox.ports });
  }
  // Port 0 (tests): the URLs the configuration derived from the port are the listener's.
  const gateway = sandbox
    ? createSandboxGateway({
        apiUrl: config.PAYMENT_PROVIDER_URL ?? sandbox.url,
        publicUrl: sandbox.publicUrl,
        secret: config.paymentSecret,
      })
    : undefined;

  let ready = true;
  const { app, storeCache, services } = createApp({
    gateway,
    idSandboxOrigins: idSandbox
      ? {
          line: idSandbox.origin('line'),
          google: idSandbox.origin('google'),
          yahoojp: idSandbox.origin('yahoojp'),
          facebook: idSandbox.origin('facebook'),
        }
      : undefined,
    config,
    database,
    log,
    metrics,
    renderPage: opts.renderPage,
    staticFiles: opts.staticFiles,
    isReady: () => ready,
  });
  const stopWatching = await watchStoreChanges(database, repo, storeCache);
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

  const listener = getRequestListener(app.fetch);
  // On PGlite the billing command asks this process for its runs (decision 0028): the server holds
  // the one database session and the sandbox provider's secret. Loopback clients with the token only.
  const adminToken = randomBytes(32).toString('base64url');
  const adminListener = adminFile ? getRequestListener(billingAdminApp({ engine: services.billing, token: adminToken, log }).fetch) : null;
  const server = createServer((req, res) => {
    if (adminListener && req.url?.startsWith('/_admin/')) adminListener(req, res);
    else if (opts.viteMiddlewares) opts.viteMiddlewares(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  const port = (server.address() as AddressInfo).port;
  if (adminFile) writeAdminFile({ ...adminFile, http: { port, token: adminToken } });

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
      log.info('shutting down', { signal });
      const timer = setTimeout(() => {
        log.warn('shutdown timed out; closing connections');
        server.closeAllConnections();
      }, config.SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      clearTimeout(timer);
      await sandbox?.close();
      await idSandbox?.close();
      await stopWatching();
      stopHousekeeping();
      stopMailWorker();
      stopBilling();
      services.mailer.close();
      if (socketServer) {
        await socketServer.stop();
        rmSync(adminFilePath(config.dataDir), { force: true });
      }
      await database.close();
      log.info('stopped');
    })();
    return closing;
  }
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
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
