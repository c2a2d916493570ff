// The composition root: every repository and service of the server, built once from the
// configuration and the database. Routes, page-data loaders, the mail worker and housekeeping get
// what they need from here; nothing else constructs a repository or a service (decision 0041):
// `createApp` takes the services it routes to, `boot` starts and stops them, and the commands
// (`scripts/billing.ts`) build the same graph here and use the part they need.

import type { Logger } from '#server/base/logger.ts';
import { inStore } from '#server/db/scope.ts';
import {
  BILLING_FAILED_JOB,
  BILLING_RECEIPT_JOB,
  type BillingFailedJob,
  type BillingReceiptJob,
} from '#server/features/billing/mail-jobs.ts';
import { createBillingMails } from '#server/features/billing/mails.ts';
import { createReSettlement } from '#server/features/billing/re-settlement.ts';
import { createConsentRepo } from '#server/features/consents/repo.ts';
import { createConsentService } from '#server/features/consents/service.ts';
import { createCredentialCheck } from '#server/features/credentials/credential-check.ts';
import { createEmailChangeService, EMAIL_CHANGED_JOB, type EmailChangedJob } from '#server/features/credentials/email-change.ts';
import { createMemberFlows } from '#server/features/credentials/member-flow.ts';
import { createPasswordService } from '#server/features/credentials/passwords.ts';
import { createUserIdChangeService } from '#server/features/credentials/user-id-change.ts';
import { createEntitlementRepo } from '#server/features/entitlements/repo.ts';
import { createEntitlementService } from '#server/features/entitlements/service.ts';
import { createProviderClient } from '#server/features/external-ids/client.ts';
import {
  clientCredentials,
  type ExternalIdProvider,
  providerEndpoints,
  type SandboxOrigins,
} from '#server/features/external-ids/providers.ts';
import { createExternalIdRepo } from '#server/features/external-ids/repo.ts';
import { createExternalIdService } from '#server/features/external-ids/service.ts';
import { createLoginService } from '#server/features/login/service.ts';
import { createMetrics, type Metrics } from '#server/features/metrics/registry.ts';
import { createMyPageService } from '#server/features/mypage/service.ts';
import { deleteExpiredOidcState } from '#server/features/oidc/adapter.ts';
import { createConnectionsService } from '#server/features/oidc/connections.ts';
import { createConnectionsRepo } from '#server/features/oidc/connections-repo.ts';
import { createProviderRegistry } from '#server/features/oidc/providers.ts';
import { createOidcService } from '#server/features/oidc/service.ts';
import { createPasswordResetRepo } from '#server/features/password-reset/repo.ts';
import { createPasswordResetService, type PasswordResetJob, RESET_JOB } from '#server/features/password-reset/service.ts';
import { createEarningsHistoryRepo } from '#server/features/payment-history/repo.ts';
import { createPaymentHistoryService } from '#server/features/payment-history/service.ts';
import { createPaymentMethodRepo } from '#server/features/payment-methods/repo.ts';
import { createPaymentMethodService } from '#server/features/payment-methods/service.ts';
import { createPinCodeRepo } from '#server/features/pin-code/repo.ts';
import { createPinCodeService } from '#server/features/pin-code/service.ts';
import { createPlanService } from '#server/features/plans/service.ts';
import { createProfileRepo } from '#server/features/profile/repo.ts';
import { createProfileService } from '#server/features/profile/service.ts';
import { createOrderMail, ORDER_CONFIRMATION_JOB, type OrderConfirmationJob } from '#server/features/purchase/order-mail.ts';
import { createPurchaseRepo } from '#server/features/purchase/repo.ts';
import { createPurchaseService } from '#server/features/purchase/service.ts';
import { createRefundMail } from '#server/features/refunds/mail.ts';
import { createRefundRepo, REFUND_MAIL_JOB, type RefundMailJob } from '#server/features/refunds/repo.ts';
import { createRefundService } from '#server/features/refunds/service.ts';
import { createSignupService, SIGNUP_FLOW_MINUTES } from '#server/features/signup/service.ts';
import { createSubscriptionMail } from '#server/features/subscriptions/mail.ts';
import { createSubscriptionRepo } from '#server/features/subscriptions/repo.ts';
import { createSubscriptionService, SUBSCRIPTION_MAIL_JOB, type SubscriptionMailJob } from '#server/features/subscriptions/service.ts';
import { billingStatusRules } from '#server/features/subscriptions/status-rules.ts';
import { createWithdrawalRepo } from '#server/features/withdrawal/repo.ts';
import { createWithdrawalService } from '#server/features/withdrawal/service.ts';
import { createAccountRepo } from '#server/platform/accounts/repo.ts';
import { createUserIdCheck } from '#server/platform/accounts/user-id-check.ts';
import { createLoginHistoryRepo } from '#server/platform/auth/login-history.ts';
import { loadSecret, SECRET_NAMES } from '#server/platform/auth/secrets.ts';
import { createSendLimits, type SendLimits } from '#server/platform/auth/send-limits.ts';
import { createLoginThrottle, USER_ID_CHECK_THROTTLE } from '#server/platform/auth/throttle.ts';
import { createFlowRepo } from '#server/platform/flows/repo.ts';
import { createRetentionRepo } from '#server/platform/housekeeping/retention.ts';
import { createHousekeeping } from '#server/platform/housekeeping/service.ts';
import { createMailer } from '#server/platform/mail/mailer.ts';
import { createMailQueue } from '#server/platform/mail/queue.ts';
import { createStoreMail } from '#server/platform/mail/store-mail.ts';
import { createSessionRepo } from '#server/platform/sessions/repo.ts';
import { createSessionService } from '#server/platform/sessions/service.ts';
import { storeAdminOver } from '#server/platform/stores/admin.ts';
import { createPreviewSource } from '#server/platform/stores/previews.ts';
import { createCodeRepo } from '#server/platform/verification/code-repo.ts';
import { createCodeVerification, QUEUED_CODE_JOB, type QueuedCodeJob } from '#server/platform/verification/service.ts';
import { type BillingServiceDeps, createBillingServices } from './composition-billing.ts';
import { createSupportServices } from './composition-support.ts';

export type ServiceDeps = BillingServiceDeps & {
  log: Logger;
  /** Smaller send limits for tests (production: the configuration's hourly caps). */
  sendLimits?: Partial<SendLimits>;
  /** false: queued mail waits for the poller or a drain (tests that look at the request alone). */
  mailKick?: boolean;
  /** The local identity providers' origins as their listeners report them (boot; tests that start them). */
  idSandboxOrigins?: SandboxOrigins;
  /** The Prometheus registry (boot passes one that also watches the process and the database); default: a new one. */
  metrics?: Metrics;
};

export function createServices(deps: ServiceDeps) {
  const { config, db, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? createMetrics();
  // The stores' settings, the payment provider, the subscription writer and the billing engine: the
  // part `npm run billing` builds too (composition-billing.ts).
  const { storeRepo, storeCache, gateway, subscriptionWriter, billing } = createBillingServices({ ...deps, metrics });

  // Repositories (SQL; every query in a store scope).
  const accounts = createAccountRepo(db);
  const flows = createFlowRepo(db);
  const resets = createPasswordResetRepo(db);
  const sessionRepo = createSessionRepo(db);
  const loginHistory = createLoginHistoryRepo(db);
  const codes = createCodeRepo({ db, clock, secret: () => loadSecret(db, SECRET_NAMES.authCodes) });

  // Limits kept in the database, so every process sees them.
  const throttle = createLoginThrottle(db);
  const sendLimits = createSendLimits(db, clock, {
    perClient: { max: config.MAIL_REQUESTS_PER_CLIENT_HOUR, windowSeconds: 3600 },
    perStore: { max: config.MAIL_REQUESTS_PER_STORE_HOUR, windowSeconds: 3600 },
    ...deps.sendLimits,
  });

  /** A store's settings for work done outside a request (the mail worker). */
  const storeOf = async (storeId: string) => {
    const store = await storeCache.get(storeId);
    if (!store) throw new Error(`mail job for unknown store ${storeId}`);
    return store;
  };

  const mailer = createMailer({
    db,
    transport: config.SMTP_URL ? { kind: 'smtp', url: config.SMTP_URL } : { kind: 'outbox' },
    log,
    clock,
  });
  const mailQueue = createMailQueue({ db, clock, log, kick: deps.mailKick ?? true });
  metrics.watchMailQueue(() => mailQueue.stats());
  const mail = createStoreMail({ mailer, serverPort: config.PORT, log });

  const sessions = createSessionService({ repo: sessionRepo, clock, ttlDays: config.SESSION_TTL_DAYS });
  const verification = createCodeVerification({ codes, flows, accounts, sendLimits, mailQueue, mail, clock, storeOf });
  const passwordReset = createPasswordResetService({ resets, accounts, sessions, sendLimits, mailQueue, mail, clock, storeOf });
  mailQueue.on(QUEUED_CODE_JOB, (job) => verification.deliverQueued(job.storeId, job.payload as QueuedCodeJob));
  mailQueue.on(RESET_JOB, (job) => passwordReset.deliver(job.storeId, job.payload as PasswordResetJob));

  // My Page credentials: the member's code flows, the current password asked again (throttled like logins).
  const memberFlows = createMemberFlows({ flows, verification, clock });
  const credentialCheck = createCredentialCheck({ throttle, clock });
  const emailChange = createEmailChangeService({ accounts, memberFlows, mailQueue, mail, clock, storeOf });
  mailQueue.on(EMAIL_CHANGED_JOB, (job) => emailChange.deliverNotice(job.storeId, job.payload as EmailChangedJob));

  // External IDs (decision 0022): the local providers while ID_SANDBOX is on, else the configured ones.
  const idSandboxOrigins: SandboxOrigins =
    deps.idSandboxOrigins ??
    (config.ID_SANDBOX
      ? (Object.fromEntries(
          (['line', 'google', 'yahoojp', 'facebook'] as const).map((p, i) => [p, `http://127.0.0.1:${config.ID_SANDBOX_PORT + i}`]),
        ) as Record<ExternalIdProvider, string>)
      : null);
  const idEndpoints = providerEndpoints(config, idSandboxOrigins);
  const login = createLoginService({ accounts, flows, throttle, loginHistory, sessions, verification, mail, clock });
  const externalIdRepo = createExternalIdRepo(db);
  const externalIds = createExternalIdService({
    repo: externalIdRepo,
    login: login.withExternalId,
    client: createProviderClient(),
    endpoints: () => idEndpoints,
    credentials: (store, provider) =>
      clientCredentials(store.settings, provider, {
        env: config.externalIdSecrets,
        sandboxSecret: config.ID_SANDBOX ? config.idSandboxSecret : null,
      }),
    findAccount: (accountId) => accounts.findById(accountId),
    signup: {
      startFlow: async ({ email, verifiedAt, previousToken, redirectTo }) => {
        const previous = await flows.find('signUp', previousToken, clock());
        if (previous && previousToken) await flows.delete('signUp', previousToken);
        const policyConsent = previous?.policyConsent ?? null;
        const expiresAt = new Date(clock().getTime() + SIGNUP_FLOW_MINUTES * 60_000);
        return {
          token: await flows.create(
            'signUp',
            { email, emailVerifiedAt: verifiedAt, policyConsent, redirectTo: redirectTo ?? previous?.redirectTo ?? null },
            expiresAt,
          ),
          maxAgeSeconds: SIGNUP_FLOW_MINUTES * 60,
          consented: policyConsent !== null,
        };
      },
      emailExists: (email) => accounts.emailExists(email),
    },
    clock,
    log,
  });

  const profiles = createProfileService({ accounts, profiles: createProfileRepo(db), clock });

  // Purchases (decision 0017): the verified order, the purchase token, the gateway's charge.
  const purchaseRepo = createPurchaseRepo(db, subscriptionWriter);
  // The member's subscriptions and payment history (decision 0020): statuses move only through
  // the billing engine's transition table.
  const subscriptions = createSubscriptionService({
    repo: createSubscriptionRepo(db),
    writer: subscriptionWriter,
    statuses: billingStatusRules,
    mailQueue,
    clock,
  });
  const subscriptionMail = createSubscriptionMail({ mail, storeOf });
  mailQueue.on(SUBSCRIPTION_MAIL_JOB, (job) => subscriptionMail(job.storeId, job.payload as SubscriptionMailJob));
  // A method a subscription pays with, a pending cancellation included, cannot be deleted (decisions 0016, 0020).
  const paymentMethods = createPaymentMethodService({
    repo: createPaymentMethodRepo(db),
    gateway,
    contractUse: subscriptions.methodsInUse,
    // A subscription's agreement started by a purchase is completed by the purchase's return (decision 0048).
    purchaseRegistrationWaiting: async (values) => (await purchaseRepo.openRedirectOrderByRefs(values))?.planType === 'subscription',
    clock,
  });
  const purchases = createPurchaseService({
    repo: purchaseRepo,
    storeRepo,
    gateway,
    methods: paymentMethods,
    clock,
    earnings: subscriptionWriter,
    mailQueue,
  });
  // The order confirmation mail of a completed order (issue 20.5, decision 0045).
  const orderMail = createOrderMail({ accounts, orders: purchaseRepo, methods: paymentMethods, mail, storeOf });
  mailQueue.on(ORDER_CONFIRMATION_JOB, (job) => orderMail(job.storeId, job.payload as OrderConfirmationJob));

  // Refunds of a payment through the gateway (decision 0052): the support command's; the refund's
  // negative earnings row through the subscription writer, the member's mail by the queue.
  const refundRepo = createRefundRepo(db, subscriptionWriter);
  const refunds = createRefundService({ repo: refundRepo, gateway, mailQueue, clock });
  const refundMail = createRefundMail({ accounts, repo: refundRepo, mail, storeOf });
  mailQueue.on(REFUND_MAIL_JOB, (job) => refundMail(job.storeId, job.payload as RefundMailJob));

  // The member's re-settlement of a held charge (decision 0019), through the billing engine.
  const reSettlement = createReSettlement({ db, engine: billing, gateway, clock });
  const billingMails = createBillingMails({ db, accounts, mail, storeOf });
  mailQueue.on(BILLING_RECEIPT_JOB, (job) => billingMails.deliverReceipt(job.storeId, job.payload as BillingReceiptJob));
  mailQueue.on(BILLING_FAILED_JOB, (job) => billingMails.deliverFailed(job.storeId, job.payload as BillingFailedJob));

  // The stores as OpenID providers (decision 0021).
  const oidcProviders = createProviderRegistry({
    db,
    log,
    clock,
    serverPort: config.PORT,
    clientSecret: config.oidcClientSecret,
    cookieSecret: () => loadSecret(db, SECRET_NAMES.oidcCookies),
    member: async (storeId, accountId) => {
      const account = await accounts.findById(accountId);
      if (!account) return null;
      // The provider's callback enters the store at its edge (a no-op inside the request's scope).
      const picture = await inStore(storeId, () => profiles.imageUrlOf(accountId));
      return {
        id: account.id,
        email: account.email,
        language: account.language,
        profile: account.profile as Record<string, unknown>,
        picture,
      };
    },
  });

  return {
    config,
    clock,
    metrics,
    oidcProviders,
    oidc: createOidcService({ providers: oidcProviders, clock }),
    connections: createConnectionsService({ repo: createConnectionsRepo(db), clock }),
    storeRepo,
    storeCache,
    /** The store tool's work (apply, validate, keys) when the admin door asks it (decisions 0029, 0038). */
    storeAdmin: storeAdminOver(db, { serverPort: config.PORT }),
    /** The support command's desk when the admin door asks it (decision 0051), over the services' own. */
    support: createSupportServices({ config, db, log, clock, storeCache, subscriptions, mailQueue, refunds }).support,
    /** The drafts served as private previews, by token (decision 0050). */
    previews: createPreviewSource(db, { now: clock }),
    mailer,
    mailQueue,
    sessions,
    verification,
    passwordReset,
    gateway,
    plans: createPlanService({ storeRepo, contractLimited: purchases.contractLimitedPlans }),
    purchases,
    /** Refunds of a payment, whole or in part (decision 0052; the support command). */
    refunds,
    billing,
    reSettlement,
    entitlements: createEntitlementService({ repo: createEntitlementRepo(db), clock }),
    login,
    signup: createSignupService({ accounts, flows, sessions, verification, mail, clock }),
    userIds: createUserIdCheck({ accounts, flows, throttle: createLoginThrottle(db, USER_ID_CHECK_THROTTLE), clock }),
    accounts,
    emailChange,
    passwords: createPasswordService({ accounts, memberFlows, sessions, credentialCheck, clock }),
    userIdChange: createUserIdChangeService({ accounts, credentialCheck, clock }),
    profiles,
    mypage: createMyPageService({ accounts, loginHistory, profileImageUrl: profiles.imageUrlOf }),
    consents: createConsentService({ repo: createConsentRepo(db), clock }),
    pinCodes: createPinCodeService({ repo: createPinCodeRepo(db), clock }),
    subscriptions,
    paymentHistory: createPaymentHistoryService({ repo: createEarningsHistoryRepo(db), clock }),
    // A subscription that would renew blocks the withdrawal (decisions 0014, 0020).
    withdrawal: createWithdrawalService({
      repo: createWithdrawalRepo(db),
      flows,
      verification,
      contractBlock: subscriptions.blockingContract,
      clock,
    }),
    paymentMethods,
    externalIds,
    housekeeping: createHousekeeping({
      codes,
      throttle,
      sendLimits,
      sessionRepo,
      flows,
      retention: createRetentionRepo(db),
      externalFlows: externalIdRepo,
      settleStaleOrders: (now) => purchases.settleStale(now, storeOf),
      purgeOidcState: (now) => deleteExpiredOidcState(db, now),
      clock,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
