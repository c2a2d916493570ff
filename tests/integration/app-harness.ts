import { createApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { SendLimits } from '#server/features/auth/send-limits.ts';
import type { PaymentGateway } from '#server/features/payments/gateway.ts';
import { createStoreRepo } from '#server/features/stores/repo.ts';
import { applyStoreDocument } from '#server/features/stores/service.ts';
import { createLogger } from '#server/logger.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

/** The real app over a real database, without Vike (JSON API and screen-data only). */
export async function createHarness(
  env: Record<string, string> = {},
  now?: () => Date,
  opts: { sendLimits?: Partial<SendLimits>; mailKick?: boolean; gateway?: PaymentGateway } = {},
) {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_STORES: 'false', ...env });
  const lines: string[] = [];
  const log = createLogger('info', {}, (l) => lines.push(l));
  const { app, storeCache, services } = createApp({
    config,
    database,
    log,
    now,
    sendLimits: opts.sendLimits,
    mailKick: opts.mailKick,
    gateway: opts.gateway,
  });
  const repo = createStoreRepo(database.db);
  return {
    app,
    storeCache,
    repo,
    database,
    logLines: lines,
    services,
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
    close: () => database.drop(),
  };
}
