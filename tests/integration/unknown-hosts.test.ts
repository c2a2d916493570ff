import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createHarness } from './app-harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
beforeAll(async () => {
  h = await createHarness();
  await h.apply(tenantDoc('known', { hosts: ['known.test.localhost', 'www.known.example'] }));
});
afterAll(() => h.close());

/** Every statement the app starts on its database handle. */
function countQueries() {
  const db = h.database.db as unknown as Record<string, (...args: unknown[]) => unknown>;
  const spies = ['select', 'insert', 'update', 'delete', 'execute', 'transaction'].map((name) => vi.spyOn(db, name));
  return {
    count: () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

it('answers a flood of unknown host names without a query or a cache entry for any of them', async () => {
  expect((await h.get('/zapi/internal/root/screen-data', 'known.test.localhost')).status).toBe(200);
  const queries = countQueries();
  try {
    for (let i = 0; i < 2_000; i++) {
      const host = `${Math.random().toString(36).slice(2)}-${i}.unknown.example`;
      const page = await h.get('/', host);
      expect(page.status).toBe(404);
      const api = await h.get('/zapi/internal/root/screen-data', host);
      expect(((await api.json()) as { code: string }).code).toBe('STORE_NOT_FOUND');
    }
    expect(queries.count()).toBe(0);
  } finally {
    queries.restore();
  }
  // Only the configured hosts and the one store served are held.
  expect(h.storeCache.sizes()).toEqual({ hosts: (await h.repo.hostMap()).size, stores: 1 });
  // The configured hosts still resolve.
  expect((await h.get('/zapi/internal/root/screen-data', 'www.known.example')).status).toBe(200);
});
