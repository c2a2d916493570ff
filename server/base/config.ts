import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Who may read the kept mail at /dev/outbox. */
export type OutboxPage = 'local' | 'any' | 'off';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable the server reads, parsed once. Nothing else reads process.env.
 * The README's configuration table lists the same variables.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /** Migrations run as this user (the tables' owner); DATABASE_URL's user when unset. */
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  /**
   * Set when DATABASE_URL is a pooler in transaction mode (PgBouncer): the same database reached
   * directly, for what is session state (LISTEN, the migration lock). Decision 0043.
   */
  DIRECT_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Apply pending migrations at start (under a lock, decision 0032); false: refuse to start on a schema that is behind (`npm run migrate` first). */
  MIGRATE_ON_START: bool.default(true),
  SEED_DEMO_STORES: bool.default(true),
  TRUST_PROXY: bool.default(false),
  APP_UA_PATTERN: z
    .string()
    .default('StoreApp|PvsApp')
    .refine((s) => {
      try {
        new RegExp(s);
        return true;
      } catch {
        return false;
      }
    }, 'must be a valid regular expression'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** A bearer token that lets a remote scraper read /metrics (decision 0034); unset: loopback clients only. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(100 * 1024),
  SETTINGS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * After SIGTERM, how long the process keeps serving while /readyz answers 503, so that the load
   * balancer's health check takes it out before it stops accepting connections (decision 0043).
   * 0 (the default): stop accepting at once, as a process with no balancer in front should.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Guest pages kept rendered (decision 0012); 0 turns the page cache off. */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** At most this much rendered HTML in the page cache, in MiB. */
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /** Code and reset mails one client address may ask for per store and hour (decision 0009). */
  MAIL_REQUESTS_PER_CLIENT_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Code and reset mails a whole store may be asked for per hour. */
  MAIL_REQUESTS_PER_STORE_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(3000),
  // local: clients on this machine only (loopback, no proxy); any: every client (a test
  // environment only); false: off. `true` (and its aliases) means local.
  OUTBOX_PAGE: z
    .enum(['local', 'any', 'true', 'false', '1', '0', 'yes', 'no'])
    .transform((v): OutboxPage => (v === 'any' ? 'any' : v === 'false' || v === '0' || v === 'no' ? 'off' : 'local'))
    .optional(),
  /** How often the server runs the billing job (decision 0019); 0: never (the CLI still can). Default 15 minutes, 0 under NODE_ENV=test. */
  BILLING_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).optional(),
  /** Contracts the billing run claims per transaction. */
  BILLING_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** `npm start` runs the sandbox payment provider on its own port beside the store server (decision 0015). */
  PAYMENT_SANDBOX: bool.default(true),
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Where the store's server reaches the payment provider; default http://127.0.0.1:<PAYMENT_SANDBOX_PORT>. */
  PAYMENT_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The provider's origin as browsers reach it (another origin than every store host); default http://127.0.0.1:<PAYMENT_SANDBOX_PORT>. */
  PAYMENT_PROVIDER_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The secret the store shares with the sandbox provider (API keys, signed results); random per process when unset. */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * `npm start` runs the local identity providers (LINE, Google, Yahoo! JAPAN, Facebook) on
   * ID_SANDBOX_PORT and the three ports after it (0: any free ports), and the stores use them
   * unless a provider's URL below says otherwise (decision 0022). false: the real providers.
   */
  ID_SANDBOX: bool.default(true),
  ID_SANDBOX_PORT: z.coerce.number().int().min(0).max(65532).default(3002),
  /** The secret the local providers derive every client's secret from; random per process when unset. */
  ID_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** A provider's issuer (LINE, Google, Yahoo! JAPAN: discovery) or base URLs (Facebook); unset: the sandbox, or the real provider with ID_SANDBOX=false. */
  LINE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  YAHOOJP_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  /** Facebook's dialog origin (https://www.facebook.com) and Graph API origin (https://graph.facebook.com). */
  FACEBOOK_WEB_URL: z.url({ protocol: /^https?$/ }).optional(),
  FACEBOOK_GRAPH_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The Graph API version of the Facebook endpoints. */
  FACEBOOK_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v19.0'),
});

export type AppConfig = z.infer<typeof configSchema> & {
  dataDir: string;
  rootDir: string;
  appUaPattern: RegExp;
  /**
   * The outbox page lists kept mail (codes, reset links): by default served only to clients on
   * this machine, and only while mail stays local (no SMTP_URL).
   */
  outboxPage: OutboxPage;
  /** The billing job's interval, ms (0: off). */
  billingIntervalMs: number;
  /** The payment provider as the server reaches it, and as browsers do. */
  paymentProviderUrl: string;
  paymentProviderPublicUrl: string;
  paymentSecret: string;
  idSandboxSecret: string;
  /** The external-ID client secrets: every EXTERNAL_ID_* variable, named by the stores' clientSecretEnv. */
  externalIdSecrets: Record<string, string>;
  /**
   * The secret of an OpenID client, from the environment variable the store's document names
   * (decision 0021). Outside production the demo stores' clients have documented defaults.
   */
  oidcClientSecret: (envName: string) => string | undefined;
};

/** Development defaults of the demo stores' confidential clients (README, "Third-party apps"). */
export const DEMO_CLIENT_SECRETS: Record<string, string> = {
  AOZORA_TV_CLIENT_SECRET: 'aozora-tv-dev-secret-change-me-0123456789',
  KURENAI_PARTNER_CLIENT_SECRET: 'kurenai-partner-dev-secret-change-me-0123',
};

const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env, rootDir = process.cwd()): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const d = parsed.data;
  if (!d.PAYMENT_SANDBOX && !(d.PAYMENT_PROVIDER_URL && d.PAYMENT_PROVIDER_PUBLIC_URL && d.PAYMENT_SANDBOX_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_SANDBOX: false needs PAYMENT_PROVIDER_URL, PAYMENT_PROVIDER_PUBLIC_URL and PAYMENT_SANDBOX_SECRET of the provider that runs elsewhere',
    );
  }
  const sandboxUrl = `http://127.0.0.1:${d.PAYMENT_SANDBOX_PORT}`;
  return {
    ...parsed.data,
    rootDir,
    dataDir: resolve(rootDir, parsed.data.DATA_DIR),
    appUaPattern: new RegExp(parsed.data.APP_UA_PATTERN),
    outboxPage: parsed.data.OUTBOX_PAGE ?? (parsed.data.SMTP_URL ? 'off' : 'local'),
    billingIntervalMs: d.BILLING_INTERVAL_MS ?? (d.NODE_ENV === 'test' ? 0 : 15 * 60_000),
    paymentProviderUrl: (d.PAYMENT_PROVIDER_URL ?? sandboxUrl).replace(/\/$/, ''),
    paymentProviderPublicUrl: (d.PAYMENT_PROVIDER_PUBLIC_URL ?? sandboxUrl).replace(/\/$/, ''),
    // Unset: the in-process sandbox and the adapter share a secret made now (signed results of
    // the previous process are then refused, which only the few viewers in a redirect notice).
    paymentSecret: d.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('base64url'),
    idSandboxSecret: d.ID_SANDBOX_SECRET ?? randomBytes(32).toString('base64url'),
    externalIdSecrets: Object.fromEntries(Object.entries(cleaned).filter(([k]) => /^EXTERNAL_ID_[A-Z0-9_]+$/.test(k))) as Record<
      string,
      string
    >,
    oidcClientSecret: (envName) => {
      // Never one of the server's own variables.
      if (!ENV_NAME.test(envName) || envName in configSchema.shape) return undefined;
      return cleaned[envName] ?? (d.NODE_ENV === 'production' ? undefined : DEMO_CLIENT_SECRETS[envName]);
    },
  };
}
