// The support part of the composition root (decision 0051): the support desk of `npm run support`.
// `createServices` (composition.ts) builds it over its own services for the admin door; the support
// command builds the very same here when it works on the database itself (PostgreSQL, or a data
// folder no server holds). Like the billing part, it runs in plain Node, which cannot load the
// translation catalogues: nothing imported from this file may import them (the command's child
// process test runs it so). Mail is only queued here; a server's mail worker renders and sends it.
import type { AppConfig } from '#server/base/config.ts';
import type { Logger } from '#server/base/logger.ts';
import type { Db } from '#server/db/client.ts';
import { createRefundRepo } from '#server/features/refunds/repo.ts';
import { createRefundService } from '#server/features/refunds/service.ts';
import { createSubscriptionRepo } from '#server/features/subscriptions/repo.ts';
import { createSubscriptionService, type SubscriptionService } from '#server/features/subscriptions/service.ts';
import { billingStatusRules } from '#server/features/subscriptions/status-rules.ts';
import { createSubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import { createSupportRepo } from '#server/features/support/repo.ts';
import { createSupportDesk, type RefundPort } from '#server/features/support/service.ts';
import { createMailQueue, type MailQueue } from '#server/platform/mail/queue.ts';
import { createSandboxGateway } from '#server/platform/payments/sandbox-gateway.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { createStoreCache, type StoreCache } from '#server/platform/tenancy/store-cache.ts';

export type SupportServiceDeps = {
  config: Pick<AppConfig, 'PORT' | 'SETTINGS_CACHE_TTL_MS' | 'paymentProviderUrl' | 'paymentProviderPublicUrl' | 'paymentSecret'>;
  db: Db;
  log: Logger;
  clock?: () => Date;
  /** The root's own (the admin door); absent: built here (the command). */
  storeCache?: Pick<StoreCache, 'get'>;
  subscriptions?: Pick<SubscriptionService, 'cancel' | 'undo'>;
  mailQueue?: MailQueue;
  /** The root's refund service (the admin door); absent: built here over the configured provider (the command). */
  refunds?: RefundPort;
};

export function createSupportServices(deps: SupportServiceDeps) {
  const { config, db, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const storeCache = deps.storeCache ?? createStoreCache(createStoreRepo(db), { ttlMs: config.SETTINGS_CACHE_TTL_MS });
  // The command queues mail for the servers' workers and never runs one (kick: false).
  const mailQueue = deps.mailQueue ?? createMailQueue({ db, clock, log, kick: false });
  const writer = createSubscriptionWriter(db);
  const subscriptions =
    deps.subscriptions ??
    createSubscriptionService({
      repo: createSubscriptionRepo(db),
      writer,
      statuses: billingStatusRules,
      mailQueue,
      clock,
    });
  // The refund (decision 0052) through the provider the configuration names, as the billing command charges.
  const refunds =
    deps.refunds ??
    createRefundService({
      repo: createRefundRepo(db, writer),
      gateway: createSandboxGateway({
        apiUrl: config.paymentProviderUrl,
        publicUrl: config.paymentProviderPublicUrl,
        secret: config.paymentSecret,
      }),
      mailQueue,
      clock,
    });
  const support = createSupportDesk({
    repo: createSupportRepo(db),
    storeOf: (storeId) => storeCache.get(storeId),
    subscriptions,
    mailQueue,
    refunds,
    serverPort: config.PORT,
    clock,
  });
  return { support };
}
