import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '#server/app/boot.ts';
import { loadConfig } from '#server/base/config.ts';
import { readAdminFile } from '#server/db/admin-file.ts';
import { contentSecurityPolicy } from '#server/platform/middleware/security-headers.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
const HOST = 'ops.test.localhost';

beforeAll(async () => {
  h = await createHarness({ BODY_LIMIT_BYTES: '2048' });
  await h.apply(tenantDoc('ops', { hosts: [HOST] }));
  await h.apply(tenantDoc('gtm', { hosts: ['gtm.test.localhost'], gtmId: 'GTM-ABC1234' }));
});
afterAll(() => h.close());

describe('security headers', () => {
  it('sends a nonce-based CSP, nosniff, a referrer policy and frame-ancestors on every answer', async () => {
    const a = await h.get('/zapi/internal/root/screen-data', HOST);
    const b = await h.get('/zapi/internal/root/screen-data', HOST);
    const csp = a.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('googletagmanager');
    expect(csp).not.toBe(b.headers.get('content-security-policy')); // a new nonce per response
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('allows the tag manager only for a store with gtmId', async () => {
    const csp = (await h.get('/zapi/internal/root/screen-data', 'gtm.test.localhost')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('https://www.googletagmanager.com');
  });

  it('drops the nonce only in development, where Vite injects inline code', () => {
    expect(contentSecurityPolicy('abc', { gtm: false, dev: true })).toContain("script-src 'self' 'unsafe-inline'");
    const prod = contentSecurityPolicy('abc', { gtm: false, dev: false }).split('; ');
    expect(prod.filter((d) => d.startsWith('script-src') || d.startsWith('style-src '))).toEqual([
      "script-src 'self' 'nonce-abc'",
      "style-src 'self' 'nonce-abc'",
    ]);
  });

  it("lets a form lead to the page itself, https sites and a native app's loopback redirect only", () => {
    const formAction = contentSecurityPolicy('abc', { gtm: false, dev: false })
      .split('; ')
      .find((d) => d.startsWith('form-action '));
    expect(formAction).toBe("form-action 'self' https: http://127.0.0.1:* http://localhost:*");
  });

  it('also protects the unknown-host page', async () => {
    const res = await h.get('/', 'unknown.test.localhost');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('request handling', () => {
  it('refuses a body over the limit with PAYLOAD_TOO_LARGE', async () => {
    const res = await h.app.request('/zapi/anything', {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  // The limit is skipped only for GET and HEAD, which carry no body (decision 0060).
  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS'])('refuses a %s body over the limit too', async (method) => {
    const res = await h.app.request('/zapi/anything', {
      method,
      headers: { host: HOST, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(4096) }),
    });
    expect(res.status).toBe(413);
  });

  it('keeps a well-formed X-Request-Id and replaces a malformed one', async () => {
    expect((await h.get('/healthz', HOST, { 'x-request-id': 'abc-12345678' })).headers.get('x-request-id')).toBe('abc-12345678');
    const replaced = (await h.get('/healthz', HOST, { 'x-request-id': 'bad id\n' })).headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one JSON line per request with the request id', async () => {
    await h.get('/zapi/internal/root/screen-data', HOST, { 'x-request-id': 'log-test-0001' });
    const line = h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === 'log-test-0001');
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', status: 200, store: 'ops' });
  });

  it('answers health and readiness without a store', async () => {
    expect(await (await h.get('/healthz', 'any.host')).json()).toEqual({ status: 'ok' });
    expect(await (await h.get('/readyz', 'any.host')).json()).toMatchObject({ status: 'ready' });
  });
});

describe('process lifecycle', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'boot-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('boots on PGlite, seeds the demo stores, serves, and shuts down gracefully', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      PAYMENT_SANDBOX_PORT: '0',
      ID_SANDBOX_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    const page = { statusCode: 200, headers: [['content-type', 'text/html']] as Array<[string, string]>, body: '<p>page</p>' };
    // A page that is held until shutdown has begun, to see that shutdown lets a request in flight finish.
    let pageStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      pageStarted = resolve;
    });
    let releasePage: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      releasePage = resolve;
    });
    const slowPage = async () => {
      pageStarted();
      await released;
      return page;
    };
    const server = await boot({ config: { ...config, DATABASE_URL: undefined }, renderPage: slowPage });
    expect(existsSync(join(dataDir, 'admin.json'))).toBe(true);
    const base = `http://127.0.0.1:${server.port}`;
    // The billing command's way in (decisions 0028, 0029): the admin door's port (not the stores')
    // and a token, readable by the owner only.
    const admin = readAdminFile(dataDir);
    if (!admin || admin === 'unreadable' || !admin.http) throw new Error(`admin.json without its http part: ${JSON.stringify(admin)}`);
    expect(admin.http.port).not.toBe(server.port);
    expect(statSync(join(dataDir, 'admin.json')).mode & 0o777).toBe(0o600);
    const run = (token: string) =>
      fetch(`http://127.0.0.1:${admin.http?.port}/_admin/billing/run`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ at: '2027-01-05T00:00:00.000Z', batchSize: 10, concurrency: 2 }),
      });
    expect((await run('x'.repeat(43))).status).toBe(403);
    const asked = await run(admin.http.token);
    expect(asked.status).toBe(200);
    expect(JSON.parse(await asked.text())).toEqual({ summary: { renewed: 0, failed: 0, held: 0, cancelled: 0, skipped: 0, batches: 0 } });
    const root = await getWithHost(server.port, '/zapi/internal/root/screen-data', 'kurenai.localhost');
    expect((JSON.parse(root) as { storeSettingData: { storeId: string } }).storeSettingData.storeId).toBe('kurenai');
    // The sandbox payment provider listens beside it, on its own port (its own origin).
    expect(server.paymentSandboxPort).toBeGreaterThan(0);
    expect(server.paymentSandboxPort).not.toBe(server.port);
    const script = await fetch(`http://127.0.0.1:${server.paymentSandboxPort}/v1/token.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('SandboxPay');
    // A second server on the same data folder is refused while the first holds it.
    await expect(boot({ config: { ...config, DATABASE_URL: undefined }, renderPage: async () => page })).rejects.toThrow(
      /in use by a running server/,
    );
    const inFlight = getWithHost(server.port, '/some-page', 'kurenai.localhost');
    await started; // the request is being rendered
    const shutdown = server.shutdown('test');
    setTimeout(releasePage, 200); // the page finishes after shutdown began
    await shutdown;
    expect(await inFlight).toBe('<p>page</p>');
    expect(existsSync(join(dataDir, 'admin.json'))).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${server.paymentSandboxPort}/healthz`)).rejects.toThrow();
  }, 60_000);
});

/** fetch() may not set Host; node:http can. */
function getWithHost(port: number, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}
