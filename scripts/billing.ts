/**
 * The billing run from the command line (decision 0019): `npm run billing -- run --at <ISO time>`
 * renews every subscription due at that time and prints what it did, one line per batch on stderr
 * and the totals on stdout. The same job the server runs on its schedule (BILLING_INTERVAL_MS).
 * The payment provider is the configuration's (PAYMENT_PROVIDER_URL and PAYMENT_SANDBOX_SECRET:
 * the same as the running sandbox's).
 */
import { resolve } from 'node:path';
import { loadConfig } from '#server/config.ts';
import { BILLING_USAGE, formatSummary, parseBillingArgs } from '#server/features/billing/cli-args.ts';
import { createBillingEngine } from '#server/features/billing/engine.ts';
import { createSandboxGateway } from '#server/features/payments/sandbox-gateway.ts';
import { createStoreRepo } from '#server/features/stores/repo.ts';
import { createStoreCache } from '#server/tenancy/store-cache.ts';
import { connectDatabase } from './store/connect.ts';

const ROOT = resolve(import.meta.dirname, '..');

async function main(argv: string[]): Promise<number> {
  const parsed = parseBillingArgs(argv, new Date());
  if (!parsed.ok) {
    process.stderr.write(`error: ${parsed.error}\n\n${BILLING_USAGE}\n`);
    return 2;
  }
  const { command } = parsed;
  if (command.name === 'help') {
    process.stdout.write(`${BILLING_USAGE}\n`);
    return 0;
  }
  const config = loadConfig(undefined, ROOT);
  const { database, via } = await connectDatabase(config);
  process.stderr.write(`database: ${via}\n`);
  try {
    const stores = createStoreCache(createStoreRepo(database.db), { ttlMs: 60_000 });
    const engine = createBillingEngine({
      db: database.db,
      gateway: createSandboxGateway({
        apiUrl: config.paymentProviderUrl,
        publicUrl: config.paymentProviderPublicUrl,
        secret: config.paymentSecret,
      }),
      plansOf: async (storeId) => (await stores.get(storeId))?.settings.plans ?? null,
    });
    process.stderr.write(`billing run at ${command.at.toISOString()}\n`);
    const summary = await engine.runBilling({
      at: command.at,
      batchSize: command.batchSize,
      concurrency: command.concurrency,
      onBatch: (s) => {
        process.stderr.write(`batch ${s.batches}: ${formatSummary(s)}\n`);
      },
    });
    process.stdout.write(`${formatSummary(summary)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
