import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorObject } from '#domain/errors.ts';
import type { PageRenderer } from '#server/platform/render/pages.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';
import { providerStore } from './oidc/support.ts';

// Issue 23, point 5 (decision 0047): a store whose settings say maintenance answers every page
// with its 503 page and every call with the 503 error object and Retry-After, through HTTP; the
// health checks and its OpenID keys go on, and the other stores are untouched. The renderer
// stands in for Vike as in errors/navigation-pages.test.ts; tests/e2e/maintenance.spec.ts shows
// the real page.

const OFF = 'open.test.localhost';
const ON = 'closed.test.localhost';
const TIMED = 'timed.test.localhost';
let h: Awaited<ReturnType<typeof createHarness>>;

const renderPage: PageRenderer = async (init) => {
  const url = new URL(init.urlOriginal as string);
  const load = init.loadScreenData as (path: string, search: string) => Promise<{ error?: ErrorObject }>;
  const answer = await load(url.pathname, url.search);
  if (!answer.error) return { statusCode: 200, headers: [['content-type', 'text/html;charset=utf-8']], body: '<main>page</main>' };
  const e = answer.error;
  return {
    statusCode: e.status,
    headers: [['content-type', 'text/html;charset=utf-8']],
    body: `<!doctype html><main><p>${e.status}</p><h1>${e.message}</h1><code>${e.code}</code></main>`,
  };
};

const NAVIGATE = { 'sec-fetch-mode': 'navigate', accept: 'text/html,*/*;q=0.8' };
const FETCH = { 'sec-fetch-mode': 'cors', accept: 'application/json' };
const message = { ja: '設備点検のため、3時まで休止しています。', en: 'Closed for an equipment check until 3 a.m.' };

beforeAll(async () => {
  h = await createHarness({}, undefined, { renderPage });
  await h.apply(tenantDoc('open', { hosts: [OFF] }));
  // An OpenID provider, so that it has keys to keep publishing.
  await h.apply(providerStore('closed', { hosts: [ON], maintenance: { enabled: true, message } }));
  await h.apply(
    tenantDoc('timed', { hosts: [TIMED], maintenance: { enabled: true, endsAt: new Date(Date.now() + 3_600_000).toISOString() } }),
  );
});
afterAll(() => h.close());

describe('a store in maintenance', () => {
  it('answers every call with the 503 error object, its own message in the viewer language, and Retry-After', async () => {
    for (const path of ['/zapi/internal/root/screen-data', '/zapi/account/profile', '/api/streaks/anything']) {
      const res = await h.get(path, ON, { ...FETCH, 'accept-language': 'en' });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('300');
      expect(await res.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: message.en });
    }
    const ja = await h.get('/zapi/internal/root/screen-data', ON, { ...FETCH, 'accept-language': 'ja' });
    expect(((await ja.json()) as ErrorObject).message).toBe(message.ja);
  });

  it('sends the seconds until the expected end as Retry-After, and the catalogue text without a message of its own', async () => {
    const res = await h.get('/zapi/internal/root/screen-data', TIMED, FETCH);
    expect(res.status).toBe(503);
    const seconds = Number(res.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(3500);
    expect(seconds).toBeLessThanOrEqual(3600);
    const body = (await res.json()) as ErrorObject;
    expect(body.code).toBe('SERVICE_UNAVAILABLE');
    expect(body.message).not.toBe('');
  });

  it('answers a browser navigating to any page with the 503 page', async () => {
    for (const path of ['/', '/plans', '/login', '/mypage']) {
      const res = await h.get(path, ON, NAVIGATE);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('300');
      expect(await res.text(), path).toContain('<code>SERVICE_UNAVAILABLE</code>');
    }
  });

  it('keeps the health checks and its OpenID keys, and leaves the other stores open', async () => {
    expect((await h.get('/healthz', ON)).status).toBe(200);
    const discovery = await h.get('/.well-known/openid-configuration', ON, FETCH);
    expect(discovery.status).toBe(200);
    const { jwks_uri } = (await discovery.json()) as { jwks_uri: string };
    const jwks = await h.get(new URL(jwks_uri).pathname, ON, FETCH);
    expect(jwks.status).toBe(200);
    expect(((await jwks.json()) as { keys: unknown[] }).keys.length).toBeGreaterThan(0);
    expect((await h.get('/zapi/internal/root/screen-data', OFF, FETCH)).status).toBe(200);
    expect((await h.get('/', OFF, NAVIGATE)).status).toBe(200);
  });

  it('opens again when the switch is off', async () => {
    await h.apply(providerStore('closed', { hosts: [ON], maintenance: { enabled: false, message } }));
    expect((await h.get('/zapi/internal/root/screen-data', ON, FETCH)).status).toBe(200);
    expect((await h.get('/', ON, NAVIGATE)).status).toBe(200);
  });
});
