// The server's Prometheus metrics (decision 0034): one registry per app, so tests and several apps
// in one process never share counts. Every instrument is cheap to update on the request path (a
// label lookup and an increment); gauges that need the database are read when /metrics is scraped.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

const SECONDS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type PoolStats = { total: number; idle: number; waiting: number };
export type MailQueueStats = { jobs: number; oldestAgeSeconds: number };

export function createMetrics(opts: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // Memory, CPU, event-loop delay, GC: the running server only (boot), not every test's app.
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by route pattern (never the raw path), method and status; _count is the request count.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database statements (a transaction counts once per statement), as the driver saw them.',
    buckets: SECONDS,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'page_cache_lookups_total',
    help: 'Guest pages looked up in the page cache (decision 0012), by result: hit or miss.',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const billingRuns = new Counter({
    name: 'billing_runs_total',
    help: 'Billing runs (decision 0019) by outcome: ok or failed.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const billingContracts = new Counter({
    name: 'billing_contracts_total',
    help: 'Subscriptions handled by billing runs: claimed, then renewed, failed (declined), held, cancelled or skipped.',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const billingDuration = new Histogram({
    name: 'billing_run_duration_seconds',
    help: 'Duration of billing runs.',
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800],
    registers: [registry],
  });
  const loginFailures = new Counter({
    name: 'login_failures_total',
    help: 'Refused logins by method: password (wrong name or password) or code (wrong one-time code).',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  const throttled = new Counter({
    name: 'throttled_requests_total',
    help: 'Requests refused by a limit (429), by error code: LOGIN_BLOCKED for login throttling, TOO_MANY_REQUESTS for send limits.',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  for (const result of ['hit', 'miss']) pageCache.labels(result).inc(0);
  for (const outcome of ['ok', 'failed']) billingRuns.labels(outcome).inc(0);
  for (const result of ['claimed', 'renewed', 'failed', 'held', 'cancelled', 'skipped']) billingContracts.labels(result).inc(0);
  for (const method of ['password', 'code']) loginFailures.labels(method).inc(0);

  let scrapes = 0;

  return {
    registry,
    contentType: registry.contentType,
    /** The text of a scrape. */
    render(): Promise<string> {
      scrapes++;
      return registry.metrics();
    },
    /** One answered request; `route` is a pattern such as /plans/@planId or /zapi/account/email. */
    request(method: string, route: string, status: number, seconds: number) {
      requests.observe({ method: METHODS.has(method) ? method : 'OTHER', route, status: String(status) }, seconds);
    },
    query(seconds: number) {
      queries.observe(seconds);
    },
    pageCacheLookup(hit: boolean) {
      pageCache.labels(hit ? 'hit' : 'miss').inc();
    },
    billingClaimed(count: number) {
      billingContracts.labels('claimed').inc(count);
    },
    billingRun(seconds: number, summary: { renewed: number; failed: number; held: number; cancelled: number; skipped: number } | null) {
      billingDuration.observe(seconds);
      billingRuns.labels(summary ? 'ok' : 'failed').inc();
      if (!summary) return;
      for (const result of ['renewed', 'failed', 'held', 'cancelled', 'skipped'] as const)
        billingContracts.labels(result).inc(summary[result]);
    },
    loginFailure(method: 'password' | 'code') {
      loginFailures.labels(method).inc();
    },
    throttled(code: string) {
      throttled.labels(code).inc();
    },
    /** The pool's connections, read at each scrape (PostgreSQL; PGlite has one session and no pool). */
    watchPool(stats: () => PoolStats) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections by state: total, idle, and requests waiting for one.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const s = stats();
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
        },
      });
    },
    /** The mail queue (decision 0009), read at each scrape: jobs waiting and the age of the oldest. */
    watchMailQueue(stats: () => Promise<MailQueueStats>) {
      // Both gauges are collected at once (prom-client reads every metric in parallel): one query
      // per scrape answers both.
      let cached: { scrape: number; value: Promise<MailQueueStats> } | null = null;
      const read = () => {
        if (cached?.scrape !== scrapes) cached = { scrape: scrapes, value: stats() };
        return cached.value;
      };
      new Gauge({
        name: 'mail_queue_jobs',
        help: 'Mail jobs waiting (due or waiting for a retry).',
        registers: [registry],
        async collect() {
          this.set((await read()).jobs);
        },
      });
      new Gauge({
        name: 'mail_queue_oldest_job_age_seconds',
        help: 'Age of the oldest waiting mail job, seconds (0 when none).',
        registers: [registry],
        async collect() {
          this.set((await read()).oldestAgeSeconds);
        },
      });
    },
    /** The page cache's size, read at each scrape. */
    watchPageCache(sizes: () => { entries: number; bytes: number }) {
      new Gauge({
        name: 'page_cache_entries',
        help: 'Pages kept in the page cache.',
        registers: [registry],
        collect() {
          this.set(sizes().entries);
        },
      });
      new Gauge({
        name: 'page_cache_bytes',
        help: 'Bytes of HTML kept in the page cache.',
        registers: [registry],
        collect() {
          this.set(sizes().bytes);
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
