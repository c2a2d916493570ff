// The billing part of the composition root (decision 0041): the stores' settings, the payment
// provider, the subscription aggregate's one writer and the billing engine. `createServices`
// (composition.ts) builds the server's graph on top of these; `npm run billing` builds the very same
// here. It is its own file because the command runs in plain Node, which cannot load the
// translation catalogues (`.po`, compiled by Vite) that the rest of the graph imports: nothing
// imported from this file may import them (the billing command's tests run it so).
import type { AppConfig } from '#server/base/config.ts';
import type { Db } from '#server/db/client.ts';
import { createBillingEngine } from '#server/features/billing/engine.ts';
import { instrumentBilling } from '#server/features/metrics/billing.ts';
import type { Metrics } from '#server/features/metrics/registry.ts';
import { createSubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import { createSandboxGateway } from '#server/platform/payments/sandbox-gateway.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { createStoreCache } from '#server/platform/tenancy/store-cache.ts';

export type BillingServiceDeps = {
  config: AppConfig;
  db: Db;
  /** The payment provider (tests pass a started sandbox's or a fake; default: the sandbox adapter over the configuration). */
  gateway?: PaymentGateway;
  /** The sandbox provider's URLs as its listener reports them (boot, which starts it; default: the configuration's). */
  paymentProviderUrls?: { apiUrl: string; publicUrl: string };
  /** The server's metrics (the run's duration and claims); absent: not measured (the command). */
  metrics?: Metrics;
  /** The clock of every service (tests move it). */
  now?: () => Date;
};

export function createBillingServices(deps: BillingServiceDeps) {
  const { config, db } = deps;
  const storeRepo = createStoreRepo(db);
  const storeCache = createStoreCache(storeRepo, { ttlMs: config.SETTINGS_CACHE_TTL_MS });
  const gateway =
    deps.gateway ??
    createSandboxGateway({
      apiUrl: deps.paymentProviderUrls?.apiUrl ?? config.paymentProviderUrl,
      publicUrl: deps.paymentProviderUrls?.publicUrl ?? config.paymentProviderPublicUrl,
      secret: config.paymentSecret,
    });
  // Every write of contracts, billing attempts and earnings: the purchase, the billing run, the
  // re-settlement and My Page's changes.
  const subscriptionWriter = createSubscriptionWriter(db);
  // The billing engine (decision 0019): renewals and retries; the member's re-settlement uses it too.
  const engine = createBillingEngine({
    db,
    gateway,
    writer: subscriptionWriter,
    plansOf: async (storeId) => (await storeCache.get(storeId))?.settings.plans ?? null,
    onClaim: deps.metrics?.billingClaimed,
    clock: deps.now,
  });
  const billing = deps.metrics ? instrumentBilling(engine, deps.metrics) : engine;
  return { storeRepo, storeCache, gateway, subscriptionWriter, billing };
}
