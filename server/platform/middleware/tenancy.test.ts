import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { scopedStoreId } from '#server/db/scope.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import type { StoreCache } from '#server/platform/tenancy/store-cache.ts';
import { tenancy } from './tenancy.ts';

const store = { storeId: 'alpha', revision: 3, settings: { defaultLanguage: 'ja' }, publicSettings: {} } as never;
const cache = { resolveHost: async (host: string) => (host === 'alpha.localhost' ? store : null) } as unknown as StoreCache;

function app() {
  const a = new Hono<AppEnv>();
  a.use(async (c, next) => {
    c.set('requestId', 'req-1');
    await next();
  });
  a.use(tenancy(cache, { trustProxy: false, appUaPattern: /TestApp/ }));
  a.get('/probe', (c) => c.json({ scope: { ...c.var.scope, store: c.var.scope.store.storeId }, dbStore: scopedStoreId() }));
  return a;
}

// The one scope services take is built once, here (decision 0040).
describe('the request scope', () => {
  it('carries the store, origin, language and client, and the database scope is the same store', async () => {
    const res = await app().request('/probe?lang=en', {
      headers: { host: 'alpha.localhost:3000', 'user-agent': 'Mozilla/5.0 TestApp', 'x-forwarded-for': '198.51.100.7' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { scope: Record<string, unknown>; dbStore: string };
    expect(body.scope).toMatchObject({
      store: 'alpha',
      origin: 'http://alpha.localhost:3000',
      lang: 'en',
      userAgent: 'Mozilla/5.0 TestApp',
      requestId: 'req-1',
    });
    expect(typeof body.scope.clientIp).toBe('string');
    expect(body.dbStore).toBe('alpha');
  });
});
