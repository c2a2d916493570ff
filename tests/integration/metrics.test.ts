import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './app-harness.ts';
import { browser, type Harness, HIKARI, hikariDoc, MIDORI, midoriDoc } from './identity/support.ts';

// /metrics (issue 21 point 4, decision 0034): Prometheus' text format, for loopback clients not
// behind a proxy or a scraper with METRICS_TOKEN; series labelled by route pattern, never raw path.

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
let h: Harness;
let withToken: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
  withToken = await createHarness({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await h.close();
  await withToken.close();
});

async function scrape(app: Harness['app'], remoteAddress: string | null, headers: Record<string, string> = {}) {
  const env = remoteAddress === null ? undefined : { incoming: { socket: { remoteAddress } } };
  const res = await app.request('/metrics', { headers: { host: HIKARI, ...headers } }, env);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The value of one series line, e.g. value(text, 'login_failures_total{method="password"}'). */
function value(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('who may read /metrics', () => {
  it('is refused (a plain 404, no series) to a remote client and to one relayed by a proxy', async () => {
    for (const [address, headers] of [
      ['203.0.113.7', {}],
      ['192.168.1.20', {}],
      [null, {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
      ['127.0.0.1', { forwarded: 'for=203.0.113.7' }],
    ] as const) {
      const res = await scrape(h.app, address, headers);
      expect(res.status, String(address)).toBe(404);
      expect(res.text).not.toContain('http_request_duration_seconds');
    }
  });

  it('is served to a client on this machine, in the Prometheus text format', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(h.app, address);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    }
  });

  it('with METRICS_TOKEN, is served to a remote scraper that sends it, and refused with a wrong one', async () => {
    expect((await scrape(withToken.app, '203.0.113.7', { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect(
      (await scrape(withToken.app, '203.0.113.7', { 'x-forwarded-for': '198.51.100.1', authorization: `Bearer ${TOKEN}` })).status,
    ).toBe(200);
    expect((await scrape(withToken.app, '203.0.113.7', { authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await scrape(withToken.app, '203.0.113.7')).status).toBe(404);
  });
});

describe('the series', () => {
  it('counts requests by route pattern and status, never by raw path', async () => {
    const b = browser(h, HIKARI);
    expect((await b.screen('/plans/monthly')).status).toBe(200);
    expect((await b.screen('/plans/no-such-plan')).status).toBe(404);
    await b.post('/zapi/account/email/send-pin-code', {});
    const { text } = await scrape(h.app, '127.0.0.1');
    expect(
      value(text, 'http_request_duration_seconds_count{method="GET",route="/zapi/internal/plans/@planId/screen-data",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(text, 'http_request_duration_seconds_count{method="GET",route="/zapi/internal/plans/@planId/screen-data",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/zapi\/account\/email\/send-pin-code",status="\d+"\}/);
    expect(text).not.toContain('no-such-plan');
    expect(text).not.toContain('/plans/monthly');
  });

  it('counts refused logins and throttled ones', async () => {
    const b = browser(h, MIDORI);
    const before = value((await scrape(h.app, '127.0.0.1')).text, 'login_failures_total{method="password"}') ?? 0;
    let blocked = false;
    for (let i = 0; i < 12 && !blocked; i++) {
      const res = await b.post('/login', { emailUserId: 'nobody@example.jp', password: 'wrong-password-1' });
      blocked = res.status === 429;
    }
    expect(blocked).toBe(true);
    const { text } = await scrape(h.app, '127.0.0.1');
    expect(value(text, 'login_failures_total{method="password"}')).toBeGreaterThan(before);
    expect(value(text, 'throttled_requests_total{code="LOGIN_BLOCKED"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_count{method="POST",route="/login",status="401"}')).toBeGreaterThanOrEqual(1);
  });

  it('names the database, page cache, mail queue and billing series', async () => {
    await h.services.mailQueue.enqueue('hikari', 'no-such-kind', {});
    await h.services.billing.runBilling({ at: new Date() });
    const { text } = await scrape(h.app, '127.0.0.1');
    expect(value(text, 'mail_queue_jobs')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'mail_queue_oldest_job_age_seconds')).toBeGreaterThan(0);
    expect(value(text, 'billing_runs_total{outcome="ok"}')).toBe(1);
    expect(value(text, 'billing_run_duration_seconds_count')).toBe(1);
    for (const result of ['claimed', 'renewed', 'failed', 'held', 'cancelled', 'skipped']) {
      expect(value(text, `billing_contracts_total{result="${result}"}`), result).toBe(0);
    }
    expect(value(text, 'page_cache_lookups_total{result="hit"}')).toBe(0);
    expect(value(text, 'login_failures_total{method="code"}')).not.toBeNull();
    expect(text).toContain('# TYPE db_query_duration_seconds histogram');
  });
});
