/**
 * Issue 23, point 4 (decision 0050): a draft's private preview over HTTP. The token's address sets
 * its cookie on the draft's host; a browser carrying it sees the draft (name, colours, plans), read
 * only, never from nor into the page cache; a viewer without it sees the live store, whose pages
 * and rows stay as they were; unknown and expired tokens get a page in the viewer's language. The
 * renderer stands in for Vike (it prints the root data and the screen data it is given), with the
 * page cache on; tests/e2e/store-preview.spec.ts drives a real preview in Chromium.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RootData } from '#domain/root-data.ts';
import type { PageRenderer } from '#server/platform/render/pages.ts';
import { PREVIEW_COOKIE } from '#server/platform/stores/previews.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';

const LIVE = 'live.preview.test.localhost';
const OTHER = 'other.preview.test.localhost';
const NEW = 'new.preview.test.localhost';
const NAVIGATE = { 'sec-fetch-mode': 'navigate', accept: 'text/html,*/*;q=0.8' };
const FETCH = { 'sec-fetch-mode': 'cors', accept: 'application/json', 'content-type': 'application/json', origin: `http://${LIVE}` };

/** Vike's stand-in: the page shows the store's name and accent colour of its root data, and its screen data. */
const renderPage: PageRenderer = async (init) => {
  const url = new URL(init.urlOriginal as string);
  const root = (init.rootDataSource as () => RootData)();
  const answer = await (init.loadScreenData as (path: string, search: string) => Promise<unknown>)(url.pathname, url.search);
  const s = root.storeSettingData;
  return {
    statusCode: 200,
    headers: [['content-type', 'text/html;charset=utf-8']],
    body: `<main data-name="${s.serviceName}" data-accent="${s.colors.accentColor}" data-rendered="${Math.random()}">${JSON.stringify(answer)}</main>`,
  };
};

let offsetMs = 0;
let h: Awaited<ReturnType<typeof createHarness>>;
const liveDoc = tenantDoc('prevlive', {
  hosts: [LIVE],
  serviceName: 'ライブシネマ',
  plans: [{ planId: 'monthly', planType: 'subscription', planName: { ja: 'ライブ月額' }, price: 990 }],
});
const draftDoc = {
  ...liveDoc,
  serviceName: 'ドラフトシネマ',
  colors: { ...liveDoc.colors, accentColor: '#00aa55' },
  plans: [
    { planId: 'monthly', planType: 'subscription', planName: { ja: 'ドラフト月額' }, price: 1100 },
    { planId: 'yearly', planType: 'subscription', planName: { ja: 'ドラフト年額' }, price: 9900 },
  ],
};
let token: string;

async function preview(doc: unknown, ttlSeconds = 3600): Promise<string> {
  const result = await h.services.storeAdmin.preview(doc, { ttlSeconds, author: 'test' });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.token;
}
const withCookie = (t: string, headers: Record<string, string> = NAVIGATE) => ({ ...headers, cookie: `${PREVIEW_COOKIE}=${t}` });
const page = async (res: Response) => {
  const html = await res.text();
  return { name: /data-name="([^"]*)"/.exec(html)?.[1], accent: /data-accent="([^"]*)"/.exec(html)?.[1], html };
};

/** Rows of the live store's tables that a member, a sign-in, a purchase or a settings change writes. */
async function liveRows(): Promise<Record<string, number>> {
  const tables = ['stores', 'store_hosts', 'store_revisions', 'accounts', 'auth_flows', 'auth_codes', 'sessions', 'orders'];
  const counts: Record<string, number> = {};
  for (const t of [...tables, 'contracts', 'earnings', 'mail_jobs', 'mail_outbox', 'purchase_tokens', 'oidc_models', 'plan_sales']) {
    const res = (await h.database.admin.execute(sql.raw(`select count(*)::int as n from "${t}"`))) as unknown as { rows: { n: number }[] };
    counts[t] = res.rows[0]?.n ?? -1;
  }
  return counts;
}

beforeAll(async () => {
  h = await createHarness({}, () => new Date(Date.now() + offsetMs), { renderPage });
  await h.apply(liveDoc);
  await h.apply(tenantDoc('prevother', { hosts: [OTHER] }));
  token = await preview(draftDoc);
});
afterAll(() => h.close());

describe('a store preview', () => {
  it('opens by its address on the draft host: a private cookie until it ends, then the page, the token gone from the address', async () => {
    const res = await h.get(`/__preview/${token}`, LIVE, NAVIGATE);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${PREVIEW_COOKIE}=${token}`);
    expect(cookie).toContain('HttpOnly');
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(3500);
    const deep = await h.get(`/__preview/${token}/plans/monthly`, LIVE, NAVIGATE);
    expect(deep.headers.get('location')).toBe('/plans/monthly');
    // Another store's host is no host of the draft.
    const elsewhere = await h.get(`/__preview/${token}`, OTHER, NAVIGATE);
    expect(elsewhere.status).toBe(404);
  });

  it('shows the draft to the token holder and the live store to everyone else, never through the page cache', async () => {
    // A guest's live page is cached first (the second answer is the first's HTML).
    const warm = await page(await h.get('/', LIVE, NAVIGATE));
    expect(warm).toMatchObject({ name: 'ライブシネマ', accent: liveDoc.colors.accentColor });
    expect((await page(await h.get('/', LIVE, NAVIGATE))).html).toBe(warm.html);

    const draft = await h.get('/', LIVE, withCookie(token));
    expect(draft.headers.get('cache-control')).toBe('private, no-store');
    expect(await page(draft)).toMatchObject({ name: 'ドラフトシネマ', accent: '#00aa55' });
    // Twice: rendered afresh each time, never kept.
    const again = await page(await h.get('/', LIVE, withCookie(token)));
    expect(again.name).toBe('ドラフトシネマ');
    expect(again.html).not.toBe((await page(await h.get('/', LIVE, withCookie(token)))).html);

    const draftPlans = await (await h.get('/zapi/internal/plans/screen-data', LIVE, withCookie(token, FETCH))).text();
    expect(draftPlans).toContain('ドラフト年額');
    expect(draftPlans).not.toContain('ライブ月額');

    // The live store after the preview: its own page from the cache, its own plans (no cache per
    // store and revision handed it the draft's).
    expect((await page(await h.get('/', LIVE, NAVIGATE))).html).toBe(warm.html);
    const livePlans = await (await h.get('/zapi/internal/plans/screen-data', LIVE, FETCH)).text();
    expect(livePlans).toContain('ライブ月額');
    expect(livePlans).not.toContain('ドラフト');
    expect(await h.repo.get('prevlive')).toMatchObject({ revision: 1, settings: { serviceName: 'ライブシネマ' } });
  });

  it('refuses every write in both languages and writes nothing to the live store', async () => {
    const before = await liveRows();
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/zapi/signup/email', { email: 'someone@example.com', policyAgreed: true }],
      ['POST', '/login', { loginId: 'someone@example.com', password: 'x'.repeat(12) }],
      ['POST', '/zapi/purchase/monthly', {}],
      ['POST', '/zapi/account/email/send-pin-code', {}],
      ['GET', '/auth/authorize?provider=line', undefined],
      ['GET', '/oidc/auth?client_id=x', undefined],
    ];
    for (const [method, path, body] of writes) {
      for (const [lang, text] of [
        ['ja', 'プレビューでは会員登録・ログイン・購入・変更はできません。'],
        ['en', 'This is a preview: signing up, logging in, purchases and changes are not available.'],
      ] as const) {
        const res = await h.app.request(path, {
          method,
          headers: { host: LIVE, ...withCookie(token, FETCH), 'accept-language': lang },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'PREVIEW_READ_ONLY', message: text });
      }
    }
    // The live store's session cookie is neither used nor cleared in a preview.
    const withSid = await h.get('/', LIVE, { ...NAVIGATE, cookie: `${PREVIEW_COOKIE}=${token}; sid=not-a-session; auid=x` });
    expect(withSid.headers.get('set-cookie') ?? '').not.toContain('sid=');
    expect((await h.get('/', LIVE, { ...NAVIGATE, cookie: 'sid=not-a-session; auid=x' })).headers.get('set-cookie')).toContain('sid=');
    expect(await liveRows()).toEqual(before);
  });

  it('answers an unknown token with a page in the viewer language, not JSON, and forgets a cookie that opens nothing', async () => {
    for (const [lang, heading] of [
      ['ja', 'プレビューが見つかりません'],
      ['en', 'Preview not found'],
    ] as const) {
      const res = await h.get(`/__preview/${'A'.repeat(43)}`, LIVE, { ...NAVIGATE, 'accept-language': lang });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain(heading);
      expect(html).not.toContain('ライブシネマ');
    }
    expect((await h.get('/__preview/short', LIVE, NAVIGATE)).status).toBe(404);
    const stale = await h.get('/plans', LIVE, withCookie('B'.repeat(43)));
    expect(stale.status).toBe(404);
    expect(stale.headers.get('set-cookie')).toContain(`${PREVIEW_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`);
  });

  it('ends when its time is up: its address and its cookie then get the not-found page', async () => {
    const short = await preview(draftDoc, 60);
    expect((await h.get('/', LIVE, withCookie(short))).status).toBe(200);
    offsetMs = 61_000;
    try {
      const byCookie = await h.get('/', LIVE, withCookie(short));
      expect(byCookie.status).toBe(404);
      expect(await byCookie.text()).toContain('プレビューが見つかりません');
      expect((await h.get(`/__preview/${short}`, LIVE, NAVIGATE)).status).toBe(404);
      // The longer preview goes on.
      expect((await page(await h.get('/', LIVE, withCookie(token)))).name).toBe('ドラフトシネマ');
    } finally {
      offsetMs = 0;
    }
  });

  it('previews a store not applied yet on its own host, which stays unknown without the token', async () => {
    const fresh = await preview(tenantDoc('prevnew', { hosts: [NEW], serviceName: 'あたらしいストア' }));
    expect((await h.get(`/__preview/${fresh}`, NEW, NAVIGATE)).status).toBe(303);
    expect((await page(await h.get('/', NEW, withCookie(fresh)))).name).toBe('あたらしいストア');
    expect((await h.get('/', NEW, NAVIGATE)).status).toBe(404);
    expect(await h.repo.get('prevnew')).toBeNull();
  });

  it('is refused with apply own messages: a host of another store, an invalid document', async () => {
    const taken = await h.services.storeAdmin.preview({ ...draftDoc, hosts: [LIVE, OTHER] }, { ttlSeconds: 60, author: 't' });
    expect(taken).toEqual({ ok: false, issues: [{ path: '$.hosts[1]', message: `host ${OTHER} already belongs to store prevother` }] });
    const applied = await h.services.storeAdmin.apply({ ...draftDoc, hosts: [LIVE, OTHER] }, true);
    expect(applied).toEqual(taken);
    const invalid = await h.services.storeAdmin.preview({ ...draftDoc, colors: { accentColor: 'red' } }, { ttlSeconds: 60, author: 't' });
    expect(invalid.ok).toBe(false);
  });
});
