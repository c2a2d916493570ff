import { createApp } from '#server/app/app.ts';
import { createServices } from '#server/app/composition.ts';
import { loadConfig } from '#server/base/config.ts';
import { createLogger } from '#server/base/logger.ts';
import type { Database } from '#server/db/client.ts';
import type { SandboxOrigins } from '#server/features/external-ids/providers.ts';
import type { SendLimits } from '#server/platform/auth/send-limits.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import type { PageRenderer } from '#server/platform/render/pages.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { checkAnswers } from '../helpers/answer-check.ts';
import { startTestSandbox, type TestSandbox } from '../helpers/payment-sandbox.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

/**
 * The real app over a real database, without Vike (JSON API and screen-data only).
 *
 * Payments: by default (`gateway: 'sandbox'`) a sandbox provider is started for this harness on
 * port 0 with a temp folder (`payments` holds it; a listener and an empty file, a few
 * milliseconds; closed with the harness); a PaymentGateway passed in is used as given (e.g. one
 * sandbox shared by a suite, or an adapter pointed at a closed port: provider down).
 */
export async function createHarness(
  env: Record<string, string> = {},
  now?: () => Date,
  opts: {
    sendLimits?: Partial<SendLimits>;
    mailKick?: boolean;
    gateway?: PaymentGateway | 'sandbox';
    /** The local identity providers a test started (tests/integration/external-ids). */
    idSandboxOrigins?: SandboxOrigins;
    /** A database the test opened (e.g. a restored backup): used as it is, closed (not dropped) with the harness. */
    database?: Database;
    /** Renders pages (a stand-in for Vike's renderer); absent: the JSON API only. */
    renderPage?: PageRenderer;
  } = {},
) {
  const payments: TestSandbox | null = (opts.gateway ?? 'sandbox') === 'sandbox' ? await startTestSandbox({ now }) : null;
  const gateway = payments ? payments.gateway : (opts.gateway as PaymentGateway);
  const database = opts.database
    ? { ...opts.database, drop: () => opts.database?.close() ?? Promise.resolve() }
    : await createTestDatabase();
  // The configuration's provider is never used (the gateway above is); port 9 on loopback answers nothing.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO_STORES: 'false',
    PAYMENT_SANDBOX: 'false',
    PAYMENT_PROVIDER_URL: 'http://127.0.0.1:9',
    PAYMENT_PROVIDER_PUBLIC_URL: 'http://127.0.0.1:9',
    PAYMENT_SANDBOX_SECRET: 'unused-harness-secret-0123456789abcdef',
    ...env,
  });
  const lines: string[] = [];
  const log = createLogger('info', {}, (l) => lines.push(l));
  const services = createServices({
    config,
    db: database.db,
    log,
    now,
    sendLimits: opts.sendLimits,
    mailKick: opts.mailKick,
    gateway,
    idSandboxOrigins: opts.idSandboxOrigins,
  });
  const { app, storeCache } = createApp({ services, database, log, renderPage: opts.renderPage });
  const repo = createStoreRepo(database.db);
  // Every success answer of a call in the call table must parse with its row (decision 0039).
  checkAnswers(app);
  return {
    app,
    storeCache,
    repo,
    database,
    logLines: lines,
    services,
    /** The sandbox provider started for this harness (default), else null. */
    payments,
    /** Runs the queued mail jobs (login codes, reset links) now, as the worker would after the answer. */
    drainMail: () => services.mailQueue.drain(),
    async apply(doc: unknown) {
      const result = await applyStoreDocument(repo, doc);
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
      storeCache.invalidate(result.settings.storeId);
      return result;
    },
    get(path: string, host: string, headers: Record<string, string> = {}) {
      return app.request(path, { headers: { host, ...headers } });
    },
    async close() {
      await payments?.close();
      await database.drop();
    },
  };
}
