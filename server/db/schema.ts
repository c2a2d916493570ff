import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Store isolation (docs/decisions/0008-store-isolation-in-the-database.md):
// - `stores`, `store_hosts` and `app_secrets` are shared (reference) tables: the catalogue that
//   tells which store a request is for, read before any store is known.
// - Every other table holds one store's data: `store_id` is the first column of its primary key
//   and of each foreign key (so the tables can be distributed by store), and row-level security,
//   forced, shows a transaction only the rows of the store it set (server/db/scope.ts).

/** One row per store: its validated settings document. */
export const stores = pgTable('stores', {
  storeId: text('store_id').primaryKey(),
  settings: jsonb('settings').notNull(),
  revision: integer('revision').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * Every applied document of a store (decision 0047): written with the stores row in one
 * transaction, read by the store tool only (history, diff, export --revision, rollback).
 */
export const storeRevisions = pgTable(
  'store_revisions',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.storeId, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    document: jsonb('document').notNull(),
    author: text('author').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'store_revisions_pk', columns: [t.storeId, t.revision] })],
);

/**
 * Draft documents served as a private preview (decision 0050): the store tool writes one per
 * `store preview`, the application reads it when a request carries its token. Part of the
 * catalogue like `stores` (no row-level security); no foreign key, since a draft may be of a store
 * not applied yet. Only the token's SHA-256 is kept.
 */
export const storePreviews = pgTable(
  'store_previews',
  {
    tokenHash: text('token_hash').primaryKey(),
    storeId: text('store_id').notNull(),
    document: jsonb('document').notNull(),
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('store_previews_expires_at_idx').on(t.expiresAt)],
);

/** Host name -> store. The primary key keeps one host from reaching two stores. */
export const storeHosts = pgTable('store_hosts', {
  host: text('host').primaryKey(),
  storeId: text('store_id')
    .notNull()
    .references(() => stores.storeId, { onDelete: 'cascade' }),
});

/** Units sold per plan (kept by purchases; seeded for the demo stores). */
export const planSales = pgTable(
  'plan_sales',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.storeId, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    salesCount: integer('sales_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.planId] })],
);

// ---- Identity (docs/decisions/0005-identity.md) ----

/** A member of one store. The same e-mail in two stores is two unrelated accounts. */
export const accounts = pgTable(
  'accounts',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.storeId, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    /** The public identifier (the `auid` cookie and root data `authId`). */
    publicId: text('public_id').notNull(),
    email: text('email').notNull(),
    userId: text('user_id'),
    passwordHash: text('password_hash'),
    passwordUpdatedAt: timestamp('password_updated_at', { withTimezone: true }),
    /** The profile PIN of the TV app (four digits), hashed like a password; null: none set. */
    pinCodeHash: text('pin_code_hash'),
    pinCodeUpdatedAt: timestamp('pin_code_updated_at', { withTimezone: true }),
    profile: jsonb('profile').notNull().default({}),
    language: text('language').notNull().default('ja'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'accounts_pk', columns: [t.storeId, t.id] }),
    uniqueIndex('accounts_store_public_id').on(t.storeId, t.publicId),
    uniqueIndex('accounts_store_email').on(t.storeId, t.email),
    uniqueIndex('accounts_store_user_id').on(t.storeId, sql`lower(${t.userId})`),
  ],
);

/** Consent to a policy revision, given at sign-up (and later on policy changes). */
export const policyConsents = pgTable(
  'policy_consents',
  {
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id').notNull(),
    policyId: text('policy_id').notNull(),
    revision: integer('revision').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'policy_consents_pk', columns: [t.storeId, t.accountId, t.policyId, t.revision] }),
    foreignKey({
      name: 'policy_consents_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/** One-time e-mail codes: only a keyed hash is stored; bound to store + e-mail + purpose. */
export const authCodes = pgTable(
  'auth_codes',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'auth_codes_pk', columns: [t.storeId, t.id] }),
    index('auth_codes_lookup').on(t.storeId, t.email, t.purpose, t.createdAt),
  ],
);

/**
 * A sign-up or code login in progress, tied to an HttpOnly cookie (only its hash is stored):
 * which e-mail the code went to, whether it was proven, and the policies consented to.
 */
export const authFlows = pgTable(
  'auth_flows',
  {
    storeId: text('store_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').notNull(),
    /** What the viewer typed to identify themselves (code login: an e-mail or a user ID). */
    identifier: text('identifier'),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    policyConsent: jsonb('policy_consent'),
    redirectTo: text('redirect_to'),
    /** Withdrawal: the survey answers of the confirmation, kept with the withdrawal after the code (decision 0014). */
    surveyAnswers: jsonb('survey_answers'),
    /** Wrong codes entered in this flow; at 5 the flow takes no more (the code stays usable elsewhere). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'auth_flows_pk', columns: [t.storeId, t.tokenHash] })],
);

/** Sessions: the `sid` cookie is random; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    storeId: text('store_id').notNull(),
    idHash: text('id_hash').notNull(),
    accountId: uuid('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'sessions_pk', columns: [t.storeId, t.idHash] }),
    foreignKey({
      name: 'sessions_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
    index('sessions_account').on(t.storeId, t.accountId),
  ],
);

/** Devices that logged in before (`latid` cookie, hashed); a login from another sends an alert. */
export const knownDevices = pgTable(
  'known_devices',
  {
    storeId: text('store_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'known_devices_pk', columns: [t.storeId, t.tokenHash] }),
    foreignKey({
      name: 'known_devices_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/** Every login attempt on an existing account, for the member's login history. */
export const loginHistory = pgTable(
  'login_history',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    result: boolean('result').notNull(),
    loginType: text('login_type').notNull(),
    deviceType: text('device_type').notNull(),
    deviceName: text('device_name').notNull(),
    browser: text('browser').notNull(),
    country: text('country'),
    ip: text('ip').notNull(),
  },
  (t) => [
    primaryKey({ name: 'login_history_pk', columns: [t.storeId, t.id] }),
    foreignKey({
      name: 'login_history_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
    index('login_history_account').on(t.storeId, t.accountId, t.createdAt),
  ],
);

/** A member's current answer to each of the store's optional consents (newsletter, privacy). */
export const accountConsents = pgTable(
  'account_consents',
  {
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id').notNull(),
    consentOptionId: text('consent_option_id').notNull(),
    value: boolean('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'account_consents_pk', columns: [t.storeId, t.accountId, t.consentOptionId] }),
    foreignKey({
      name: 'account_consents_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/** Every change of a consent, kept: when, which option, the new value and the privacy policy's revision then. */
export const consentChanges = pgTable(
  'consent_changes',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    consentOptionId: text('consent_option_id').notNull(),
    value: boolean('value').notNull(),
    policyRevision: integer('policy_revision'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'consent_changes_pk', columns: [t.storeId, t.id] }),
    foreignKey({
      name: 'consent_changes_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
    index('consent_changes_account').on(t.storeId, t.accountId, t.changedAt),
  ],
);

/** A withdrawal, without the member: when, and the survey's answers (for the store's statistics). */
export const accountWithdrawals = pgTable(
  'account_withdrawals',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
    answers: jsonb('answers').notNull().default([]),
  },
  (t) => [primaryKey({ name: 'account_withdrawals_pk', columns: [t.storeId, t.id] })],
);

/** Failure counters for login throttling, shared by every process (key: store + account or address). */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    storeId: text('store_id').notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'throttle_counters_pk', columns: [t.storeId, t.key] })],
);

/** Password-reset links: only the token's hash; single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    storeId: text('store_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'password_resets_pk', columns: [t.storeId, t.tokenHash] }),
    foreignKey({
      name: 'password_resets_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/** Mail sent (SMTP) or kept locally (the embedded default's outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    kind: text('kind').notNull(),
    transport: text('transport').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [primaryKey({ name: 'mail_outbox_pk', columns: [t.storeId, t.id] }), index('mail_outbox_store').on(t.storeId, t.createdAt)],
);

/**
 * Mail work done after the answer (docs/decisions/0009-mail-queue-and-send-limits.md): the request
 * records what was asked (a login code for a typed name, a reset link for an address) the same way
 * for members and strangers; a worker looks the member up, issues the code or link and sends it.
 * Rows survive a restart; a worker claims due rows with SKIP LOCKED.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ name: 'mail_jobs_pk', columns: [t.storeId, t.id] }), index('mail_jobs_due').on(t.runAfter)],
);

/** Server-wide secrets created on first start (e.g. the key that hashes one-time codes). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The pages' component stylesheets (`/styles/<file>`), kept here so that every server process can
 * answer a stylesheet that another one rendered (decision 0011). Shared: no store data (the
 * stylesheets hold no store value; the store's colours are CSS variables in the page).
 */
export const pageStylesheets = pgTable('page_stylesheets', {
  file: text('file').primaryKey(),
  css: text('css').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's profile image (issue 8): one per account, replaced on upload. The browser sends a
 * 200 x 200 picture; `image_key` (random, new on every upload) names it in its URL, so a new
 * picture has a new address and each one may be cached for good.
 */
export const accountProfileImages = pgTable(
  'account_profile_images',
  {
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id').notNull(),
    imageKey: text('image_key').notNull(),
    contentType: text('content_type').notNull(),
    /** The picture's bytes in base64 (at most PROFILE_IMAGE_MAX_BYTES decoded). */
    data: text('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'account_profile_images_pk', columns: [t.storeId, t.accountId] }),
    uniqueIndex('account_profile_images_key').on(t.storeId, t.imageKey),
    foreignKey({
      name: 'account_profile_images_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A member's customer at the payment provider (issue 9): one per store and account, created on the
 * first registration of a payment method. `customer_ref` is the store's opaque reference that the
 * provider knows the member by (never the account id itself).
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_customers_pk', columns: [t.storeId, t.accountId] }),
    uniqueIndex('payment_customers_ref').on(t.storeId, t.customerRef),
    foreignKey({
      name: 'payment_customers_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A member's registered payment method (issue 9, docs/decisions/0016): a card kept by the provider
 * (`card_ref`, brand, last four digits, expiry YYYYMM: never the number) or a redirect method's
 * agreement (`agreement_ref`, a label the member recognises). A deleted method keeps its row with
 * `deleted_at` set, so past payments still name it.
 */
export const accountPaymentMethods = pgTable(
  'account_payment_methods',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    paymentMethodType: text('payment_method_type').notNull(),
    cardRef: text('card_ref'),
    agreementRef: text('agreement_ref'),
    cardBrand: text('card_brand'),
    last4: text('last4'),
    /** YYYYMM */
    expireDate: text('expire_date'),
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'account_payment_methods_pk', columns: [t.storeId, t.id] }),
    foreignKey({
      name: 'account_payment_methods_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
    index('account_payment_methods_account').on(t.storeId, t.accountId, t.createdAt),
    // One live row per provider reference: two requests with the same token (a double click) keep one method.
    uniqueIndex('account_payment_methods_card_ref')
      .on(t.storeId, t.accountId, t.cardRef)
      .where(sql`card_ref IS NOT NULL AND deleted_at IS NULL`),
    uniqueIndex('account_payment_methods_agreement_ref')
      .on(t.storeId, t.accountId, t.agreementRef)
      .where(sql`agreement_ref IS NOT NULL AND deleted_at IS NULL`),
  ],
);

// ---- Purchases (issue 9, docs/decisions/0017-purchases.md) ----

/**
 * A verified purchase waiting to be bought: single use, short-lived, bound to the member, the plan,
 * the amounts, the campaign and the payment method. Only a hash of the token is stored.
 */
export const purchaseTokens = pgTable(
  'purchase_tokens',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: uuid('account_id').notNull(),
    planId: text('plan_id').notNull(),
    /** A registered method's id, or a method type (a one-time redirect, CampaignCode). */
    paymentMethod: text('payment_method').notNull(),
    campaignId: text('campaign_id'),
    chargeNow: integer('charge_now').notNull(),
    billingAmount: integer('billing_amount').notNull(),
    /** The order computation the member confirmed (domain/commerce/order.ts). */
    computation: jsonb('computation').notNull(),
    surveyAnswers: jsonb('survey_answers').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'purchase_tokens_pk', columns: [t.storeId, t.id] }),
    uniqueIndex('purchase_tokens_hash').on(t.storeId, t.tokenHash),
    foreignKey({
      name: 'purchase_tokens_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/** A purchase: one per purchase token; pending while the provider is asked, then completed or failed. */
export const orders = pgTable(
  'orders',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    tokenId: uuid('token_id').notNull(),
    planId: text('plan_id').notNull(),
    planType: text('plan_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    campaignId: text('campaign_id'),
    chargeAmount: integer('charge_amount').notNull(),
    billingAmount: integer('billing_amount').notNull(),
    /** pending | challenge | redirect | completed | failed */
    status: text('status').notNull(),
    authorizationRef: text('authorization_ref'),
    chargeRef: text('charge_ref'),
    /** The provider's reference of a 3-D Secure challenge or a redirect payment under way. */
    redirectRef: text('redirect_ref'),
    failureCode: text('failure_code'),
    computation: jsonb('computation').notNull(),
    surveyAnswers: jsonb('survey_answers').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'orders_pk', columns: [t.storeId, t.id] }),
    uniqueIndex('orders_token').on(t.storeId, t.tokenId),
    index('orders_account').on(t.storeId, t.accountId, t.createdAt),
    foreignKey({ name: 'orders_account_fk', columns: [t.storeId, t.accountId], foreignColumns: [accounts.storeId, accounts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A subscription (decision 0017; the billing engine of issue 10, decision 0019, renews it).
 * Days are JST calendar days 'YYYY-MM-DD'. The status moves only through domain/billing/subscription-status.ts.
 */
export const contracts = pgTable(
  'contracts',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    planId: text('plan_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** A SubscriptionStatus (domain/billing/subscription-status.ts). */
    status: text('status').notNull(),
    price: integer('price').notNull(),
    campaignId: text('campaign_id'),
    campaignPrice: integer('campaign_price'),
    /** Payments left at the campaign price (null: none, or every payment). */
    campaignPaymentsLeft: integer('campaign_payments_left'),
    /** The registered payment method's id (or a method type for a contract that never charges). */
    paymentMethod: text('payment_method').notNull(),
    /** The day the next period is charged (a cancel-requested contract ends on it). */
    nextSettlementDay: text('next_settlement_day').notNull(),
    /** The day of month renewals aim at (1-31): a shorter month falls to its last day, the next returns to it. */
    anchorDay: integer('anchor_day').notNull().default(1),
    /** Renewals done (0 after the purchase). The renewal of period n+1 charges with key renew-<id>-<n+1>. */
    periodNo: integer('period_no').notNull().default(0),
    /** The first day a payment was (or will be) made: the purchase day, or the day after the free days. */
    firstPaymentDay: text('first_payment_day'),
    /** The last day of the free trial (null: no trial). */
    trialEndsOn: text('trial_ends_on'),
    /** The last day the member may use what they paid for (the day before next_settlement_day while it runs). */
    usableUntil: text('usable_until'),
    /** The settlement day whose charge failed (null: not on hold). */
    holdSince: text('hold_since'),
    /** Failed retries of the held charge so far. */
    retryCount: integer('retry_count').notNull().default(0),
    /** When the engine retries the held charge next. */
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelSurveyAnswers: jsonb('cancel_survey_answers').notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** cancelled | hold_exhausted | force_stopped (null while it runs). */
    endedReason: text('ended_reason'),
  },
  (t) => [
    primaryKey({ name: 'contracts_pk', columns: [t.storeId, t.id] }),
    index('contracts_account').on(t.storeId, t.accountId, t.planId),
    // The billing engine's two questions: whose settlement day has come, whose retry is due.
    index('contracts_due').on(t.nextSettlementDay).where(sql`ended_at IS NULL`),
    index('contracts_retry_due').on(t.nextRetryAt).where(sql`ended_at IS NULL AND next_retry_at IS NOT NULL`),
    foreignKey({
      name: 'contracts_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One row per successful charge (a purchase's first charge and every renewal or retry): the
 * member's payment history and the qualified invoice. Names and the payment method are snapshots.
 */
export const earnings = pgTable(
  'earnings',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    contractId: uuid('contract_id'),
    orderId: uuid('order_id'),
    planId: text('plan_id').notNull(),
    /** The plan's localized name when charged ({ ja, en? }). */
    planName: jsonb('plan_name').notNull(),
    paymentMethodType: text('payment_method_type').notNull(),
    /** Cards: { brand, last4, expireDate }; others: { label }. */
    paymentMethodInfo: jsonb('payment_method_info').notNull().default({}),
    /** Yen, tax included. */
    billingAmount: integer('billing_amount').notNull(),
    /** Percent. */
    taxRate: integer('tax_rate').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    netAmount: integer('net_amount').notNull(),
    chargeRef: text('charge_ref'),
    /** The gateway key of the charge: one earnings row per charge, whatever runs twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'earnings_pk', columns: [t.storeId, t.id] }),
    uniqueIndex('earnings_idempotency_key').on(t.storeId, t.idempotencyKey),
    index('earnings_account').on(t.storeId, t.accountId, t.createdAt.desc()),
    foreignKey({
      name: 'earnings_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/** Every charge the billing engine or a member's re-settlement tried: what was asked and answered. */
export const billingAttempts = pgTable(
  'billing_attempts',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    contractId: uuid('contract_id').notNull(),
    /** The period charged (contracts.period_no + 1 at the time). */
    periodNo: integer('period_no').notNull(),
    /** renewal | retry | member_retry */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amount: integer('amount').notNull(),
    /** succeeded | declined | unavailable | skipped */
    outcome: text('outcome').notNull(),
    failureCode: text('failure_code'),
    chargeRef: text('charge_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'billing_attempts_pk', columns: [t.storeId, t.id] }),
    uniqueIndex('billing_attempts_key').on(t.storeId, t.idempotencyKey),
    index('billing_attempts_contract').on(t.storeId, t.contractId, t.createdAt),
    foreignKey({
      name: 'billing_attempts_contract_fk',
      columns: [t.storeId, t.contractId],
      foreignColumns: [contracts.storeId, contracts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A refund of one payment (an earnings row) through the gateway's `refund` (decision 0052): written
 * `pending` with its idempotency key before the gateway is asked, `done` with the provider's
 * reference and the negative earnings row after, `failed` when the provider refused. Pending and
 * done refunds count against what is left to refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** The payment refunded. */
    earningsId: uuid('earnings_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Yen, tax included, more than 0. */
    amount: integer('amount').notNull(),
    /** pending | done | failed */
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    /** Who asked (the support command's operator). */
    actor: text('actor').notNull(),
    /** The gateway key of the refund: the same key asked again never refunds twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    refundRef: text('refund_ref'),
    failureCode: text('failure_code'),
    /** The negative earnings row of a done refund (the payment history's line). */
    refundEarningsId: uuid('refund_earnings_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'refunds_pk', columns: [t.storeId, t.id] }),
    uniqueIndex('refunds_idempotency_key').on(t.storeId, t.idempotencyKey),
    index('refunds_earnings').on(t.storeId, t.earningsId),
    index('refunds_refund_earnings').on(t.storeId, t.refundEarningsId),
    foreignKey({
      name: 'refunds_earnings_fk',
      columns: [t.storeId, t.earningsId],
      foreignColumns: [earnings.storeId, earnings.id],
    }).onDelete('cascade'),
  ],
);

/** What a member may watch: a plan's titles from a purchase, a rental (until expires_at) or a contract (while it runs). */
export const entitlements = pgTable(
  'entitlements',
  {
    storeId: text('store_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    planId: text('plan_id').notNull(),
    orderId: uuid('order_id').notNull(),
    contractId: uuid('contract_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'entitlements_pk', columns: [t.storeId, t.id] }),
    index('entitlements_account').on(t.storeId, t.accountId, t.planId),
    foreignKey({
      name: 'entitlements_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/** The one free trial a member gets per store, across plans. */
export const freeTrialUsages = pgTable(
  'free_trial_usages',
  {
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id').notNull(),
    planId: text('plan_id').notNull(),
    orderId: uuid('order_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'free_trial_usages_pk', columns: [t.storeId, t.accountId] }),
    foreignKey({
      name: 'free_trial_usages_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

// ---- External IDs (docs/decisions/0022-external-ids.md) ----

/** An external ID (LINE, Google, Yahoo! JAPAN, Facebook) linked to a member: one per provider and member. */
export const externalIdentities = pgTable(
  'external_identities',
  {
    storeId: text('store_id').notNull(),
    provider: text('provider').notNull(),
    /** The provider's subject (sub; Facebook: the app-scoped id). */
    subject: text('subject').notNull(),
    accountId: uuid('account_id').notNull(),
    /** The e-mail the provider gave when linked, if any (shown in My Page; never used to sign in). */
    email: text('email'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'external_identities_pk', columns: [t.storeId, t.provider, t.subject] }),
    uniqueIndex('external_identities_account_provider').on(t.storeId, t.accountId, t.provider),
    foreignKey({
      name: 'external_identities_account_fk',
      columns: [t.storeId, t.accountId],
      foreignColumns: [accounts.storeId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A viewer's trip to an external-ID provider and back: state, nonce and PKCE verifier kept here,
 * keyed by the hash of a short-lived cookie (the callback must come back to the same browser);
 * after the callback, a sign-up keeps the vouched identity here until the form is sent.
 */
export const externalAuthFlows = pgTable(
  'external_auth_flows',
  {
    storeId: text('store_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    provider: text('provider').notNull(),
    /** login, signup or enableExternalAuth. */
    action: text('action').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** enableExternalAuth: the member who asked (only they can finish it). */
    accountId: uuid('account_id'),
    redirectTo: text('redirect_to'),
    /** After a sign-up callback: the identity the provider vouched for. */
    identity: jsonb('identity'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'external_auth_flows_pk', columns: [t.storeId, t.tokenHash] })],
);

// ---- The store as an OpenID provider (docs/decisions/0021-openid-provider.md) ----

/**
 * The OpenID provider's state per store (decision 0021): sessions, interactions, grants,
 * authorization codes, access and refresh tokens, as node-oidc-provider's adapter models.
 * `consumed_at` is set by one conditional UPDATE, so a code is redeemed once across processes.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    storeId: text('store_id').notNull(),
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'oidc_models_pk', columns: [t.storeId, t.model, t.id] }),
    index('oidc_models_grant').on(t.storeId, t.grantId),
    index('oidc_models_uid').on(t.storeId, t.model, t.uid),
    index('oidc_models_user_code').on(t.storeId, t.model, t.userCode),
    index('oidc_models_expires').on(t.expiresAt),
  ],
);

/** A store's ID token signing keys (private JWKs); the newest unretired one signs, all are published. */
export const oidcSigningKeys = pgTable(
  'oidc_signing_keys',
  {
    storeId: text('store_id').notNull(),
    kid: text('kid').notNull(),
    privateJwk: jsonb('private_jwk').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a rotation: the key no longer signs but stays in the JWKS until dropped. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'oidc_signing_keys_pk', columns: [t.storeId, t.kid] })],
);

/**
 * Every action of the support command (`npm run support`, decision 0051): who (actor), what
 * (action, parameters), for which member and with what result. Append-only: the roles may read and
 * insert, never update or delete; row-level security like every store table.
 */
export const supportAudit = pgTable(
  'support_audit',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.storeId, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    /** find | show | resend-code | resend-receipt | cancel | undo-cancel | refund | sales */
    action: text('action').notNull(),
    /** The member the action was about (null: none found, or a store-wide action such as sales). */
    accountId: uuid('account_id'),
    params: jsonb('params').notNull().default({}),
    /** ok, not-found, or the refusal's error code. */
    result: text('result').notNull(),
  },
  (t) => [primaryKey({ name: 'support_audit_pk', columns: [t.storeId, t.id] }), index('support_audit_store_at').on(t.storeId, t.at)],
);
