import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** One row per store: its validated settings document. */
export const stores = pgTable('stores', {
  storeId: text('store_id').primaryKey(),
  settings: jsonb('settings').notNull(),
  revision: integer('revision').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

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
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.storeId, { onDelete: 'cascade' }),
    /** The public identifier (the `auid` cookie and root data `authId`). */
    publicId: text('public_id').notNull().unique(),
    email: text('email').notNull(),
    userId: text('user_id'),
    passwordHash: text('password_hash'),
    passwordUpdatedAt: timestamp('password_updated_at', { withTimezone: true }),
    profile: jsonb('profile').notNull().default({}),
    language: text('language').notNull().default('ja'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_store_email').on(t.storeId, t.email),
    uniqueIndex('accounts_store_user_id').on(t.storeId, sql`lower(${t.userId})`),
  ],
);

/** Consent to a policy revision, given at sign-up (and later on policy changes). */
export const policyConsents = pgTable(
  'policy_consents',
  {
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    policyId: text('policy_id').notNull(),
    revision: integer('revision').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.policyId, t.revision] })],
);

/** One-time e-mail codes: only a keyed hash is stored; bound to store + e-mail + purpose. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id').notNull(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('auth_codes_lookup').on(t.storeId, t.email, t.purpose, t.createdAt)],
);

/**
 * A sign-up or code login in progress, tied to an HttpOnly cookie (only its hash is stored):
 * which e-mail the code went to, whether it was proven, and the policies consented to.
 */
export const authFlows = pgTable('auth_flows', {
  tokenHash: text('token_hash').primaryKey(),
  storeId: text('store_id').notNull(),
  kind: text('kind').notNull(),
  /** What the viewer typed to identify themselves (code login: an e-mail or a user ID). */
  identifier: text('identifier'),
  email: text('email'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  policyConsent: jsonb('policy_consent'),
  redirectTo: text('redirect_to'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Sessions: the `sid` cookie is random; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_account').on(t.accountId)],
);

/** Devices that logged in before (`latid` cookie, hashed); a login from another sends an alert. */
export const knownDevices = pgTable('known_devices', {
  tokenHash: text('token_hash').primaryKey(),
  storeId: text('store_id').notNull(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every login attempt on an existing account, for the member's login history. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    result: boolean('result').notNull(),
    loginType: text('login_type').notNull(),
    deviceType: text('device_type').notNull(),
    deviceName: text('device_name').notNull(),
    browser: text('browser').notNull(),
    country: text('country'),
    ip: text('ip').notNull(),
  },
  (t) => [index('login_history_account').on(t.accountId, t.createdAt)],
);

/** Failure counters for login throttling, shared by every process (key: store + account or address). */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** Password-reset links: only the token's hash; single use, short-lived. */
export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  storeId: text('store_id').notNull(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Mail sent (SMTP) or kept locally (the embedded default's outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id').notNull(),
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
  (t) => [index('mail_outbox_store').on(t.storeId, t.createdAt)],
);

/** Server-wide secrets created on first start (e.g. the key that hashes one-time codes). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
