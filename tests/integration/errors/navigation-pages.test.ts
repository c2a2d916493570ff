import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorObject } from '#domain/errors.ts';
import type { PageRenderer } from '#server/platform/render/pages.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import type { Harness } from '../identity/support.ts';

// Issue 20, point 3 (decision 0036): an address a browser navigates to answers a page in the
// viewer's language, never the bare error object; a page's own fetch of the same address still
// gets the error object. The renderer here stands in for Vike: it renders what the error page
// shows (status, text, code) from the loader's answer, so the test sees what the server hands the
// page; tests/e2e/errors.spec.ts drives the real pages in Chromium.

const HOST = 'tsubaki.test.localhost';
let h: Harness;
const rendered: string[] = [];

const renderPage: PageRenderer = async (init) => {
  const url = new URL(init.urlOriginal as string);
  rendered.push(url.pathname);
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

beforeAll(async () => {
  h = await createHarness({}, undefined, { renderPage });
  await h.apply(tenantDoc('tsubaki', { hosts: [HOST], paymentMethods: ['SbpsCredit'], externalIdProviders: [] }));
});
afterAll(() => h.close());

const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'none', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const FETCH = { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin', accept: 'application/json' };

async function get(path: string, headers: Record<string, string>) {
  const res = await h.get(path, HOST, headers);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

const ADDRESSES = [
  ['a provider return handled already or forged', '/zapi/purchase/return?redirectRef=rd_x&signature=forged'],
  ['/auth/authorize for a provider the store does not offer', '/auth/authorize?userIdentifierType=facebook&socialActionType=login'],
  ['/oidc/loginInteraction with a stale id', '/oidc/loginInteraction?uid=stale-interaction-id'],
  ['/oidc/selectAccountInteraction with a stale id', '/oidc/selectAccountInteraction?uid=stale-interaction-id'],
] as const;

describe('a browser navigating to an address that fails', () => {
  it.each(ADDRESSES)('%s: the error page, not JSON', async (_what, path) => {
    const page = await get(path, NAVIGATE);
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.type).toContain('text/html');
    expect(page.text).toContain('<main>');
    expect(() => JSON.parse(page.text)).toThrow();
  });

  it('the page is in the viewer’s language, with the error’s own text and status', async () => {
    const ja = await get(ADDRESSES[0][1], NAVIGATE);
    expect(ja.status).toBe(409);
    expect(ja.text).toContain('本人認証（3-Dセキュア）が完了しませんでした');
    const en = await get(ADDRESSES[0][1], { ...NAVIGATE, 'accept-language': 'en' });
    expect(en.text).toContain('INVALID_SESSION_FLOW');
    expect(en.text).not.toMatch(/[\u3040-\u30ff]/);
  });

  it('a browser without Fetch Metadata is told by its Accept header', async () => {
    const page = await get(ADDRESSES[1][1], { accept: 'text/html,application/xhtml+xml' });
    expect(page.status).toBe(404);
    expect(page.type).toContain('text/html');
  });
});

describe('a page’s fetch of the same addresses', () => {
  it.each(ADDRESSES)('%s: the error object', async (_what, path) => {
    const res = await get(path, FETCH);
    expect(res.type).toContain('application/json');
    const body = JSON.parse(res.text);
    expect(body).toMatchObject({ status: res.status, code: expect.any(String), message: expect.any(String) });
  });
});
