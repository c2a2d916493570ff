import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let proxied: Awaited<ReturnType<typeof createHarness>>;

beforeAll(async () => {
  h = await createHarness();
  proxied = await createHarness({ TRUST_PROXY: 'true' });
  for (const harness of [h, proxied]) {
    await harness.apply(tenantDoc('alpha', { serviceName: 'アルファ動画', hosts: ['alpha.test.localhost'] }));
    await harness.apply(
      tenantDoc('beta', { serviceName: 'Beta Channel', hosts: ['beta.test.localhost', 'www.beta.example'], defaultLanguage: 'en' }),
    );
  }
});
afterAll(async () => {
  await h.close();
  await proxied.close();
});

const root = async (res: Response) => (await res.json()) as { storeSettingData: { serviceName: string; storeId: string }; lang: string };

describe('host name to store', () => {
  it('answers each store on its own host names', async () => {
    expect((await root(await h.get('/zapi/internal/root/screen-data', 'alpha.test.localhost'))).storeSettingData.serviceName).toBe(
      'アルファ動画',
    );
    expect((await root(await h.get('/zapi/internal/root/screen-data', 'beta.test.localhost'))).storeSettingData.serviceName).toBe(
      'Beta Channel',
    );
    expect((await root(await h.get('/zapi/internal/root/screen-data', 'www.beta.example'))).storeSettingData.storeId).toBe('beta');
  });

  it('ignores the port and the case of the host', async () => {
    expect((await root(await h.get('/zapi/internal/root/screen-data', 'ALPHA.test.localhost:3000'))).storeSettingData.storeId).toBe(
      'alpha',
    );
  });

  it('answers an unknown host with a 404 page that names no store', async () => {
    const res = await h.get('/', 'nobody.test.localhost');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('404');
    for (const leak of ['alpha', 'beta', 'アルファ', 'Beta Channel']) expect(html).not.toContain(leak);
    const api = await h.get('/zapi/internal/root/screen-data', 'nobody.test.localhost');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('STORE_NOT_FOUND');
  });

  it('answers a failure before the store is known with a neutral 500 page, in the viewer language', async () => {
    // The store lookup fails as it would with the database down.
    const lookup = vi.spyOn(h.storeCache, 'resolveHost').mockRejectedValue(new Error('connection refused'));
    try {
      const page = await h.get('/plans', 'alpha.test.localhost', { 'accept-language': 'en' });
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain('Server error');
      expect(html).toContain('INTERNAL_ERROR');
      expect(html).not.toContain('Page not found');
      for (const leak of ['alpha', 'アルファ', 'connection refused']) expect(html).not.toContain(leak);
      const ja = await (await h.get('/', 'alpha.test.localhost', { 'accept-language': 'ja' })).text();
      expect(ja).toContain('サーバーエラー');
      const api = await h.get('/zapi/internal/root/screen-data', 'alpha.test.localhost');
      expect(api.status).toBe(500);
      expect(((await api.json()) as { code: string }).code).toBe('INTERNAL_ERROR');
    } finally {
      lookup.mockRestore();
    }
  });

  it('refuses a request without a usable Host header', async () => {
    const res = await h.app.request('/zapi/internal/root/screen-data', { headers: { host: 'bad host/../' } });
    expect(res.status).toBe(404);
  });

  it('ignores X-Forwarded-Host unless the operator trusts a proxy', async () => {
    const headers = { 'x-forwarded-host': 'beta.test.localhost' };
    expect((await root(await h.get('/zapi/internal/root/screen-data', 'alpha.test.localhost', headers))).storeSettingData.storeId).toBe(
      'alpha',
    );
    expect(
      (await root(await proxied.get('/zapi/internal/root/screen-data', 'alpha.test.localhost', headers))).storeSettingData.storeId,
    ).toBe('beta');
  });

  it('sees a re-applied store at once after invalidation', async () => {
    await h.apply(tenantDoc('alpha', { serviceName: 'アルファ動画 改', hosts: ['alpha.test.localhost'] }));
    expect((await root(await h.get('/zapi/internal/root/screen-data', 'alpha.test.localhost'))).storeSettingData.serviceName).toBe(
      'アルファ動画 改',
    );
  });
});

describe('root data', () => {
  it('holds only the public part of the settings', async () => {
    const body = JSON.stringify(await (await h.get('/zapi/internal/root/screen-data', 'beta.test.localhost')).json());
    expect(body).not.toContain('www.beta.example');
    expect(body).not.toContain('smtpDomain');
    expect(body).toContain('"authId":""');
  });

  it('picks the language from ?lang=, the cookie, Accept-Language, then the store default', async () => {
    const lang = async (path: string, headers: Record<string, string> = {}) =>
      (await root(await h.get(path, 'beta.test.localhost', headers))).lang;
    expect(await lang('/zapi/internal/root/screen-data')).toBe('en');
    expect(await lang('/zapi/internal/root/screen-data', { 'accept-language': 'ja,en;q=0.5' })).toBe('ja');
    expect(await lang('/zapi/internal/root/screen-data', { 'accept-language': 'ja', cookie: 'lang=en' })).toBe('en');
    expect(await lang('/zapi/internal/root/screen-data?lang=ja', { cookie: 'lang=en' })).toBe('ja');
  });

  it('sets the language cookie when ?lang= chooses one', async () => {
    const res = await h.get('/zapi/internal/root/screen-data?lang=en', 'alpha.test.localhost');
    expect(res.headers.get('set-cookie')).toMatch(/lang=en; Path=\/; Max-Age=31536000; SameSite=Lax/);
  });

  it('reports app, Android and mobile browsers from the user agent', async () => {
    const ua =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 StoreApp/2.1';
    const body = (await (await h.get('/zapi/internal/root/screen-data', 'alpha.test.localhost', { 'user-agent': ua })).json()) as {
      browserInfo: unknown;
    };
    expect(body.browserInfo).toEqual({ isApp: true, isAndroid: true, isMobile: true });
  });
});
