import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreRepo, type StoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { createStoreCache } from './store-cache.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let repo: StoreRepo;
const STORES = ['s1', 's2', 's3', 's4', 's5'];

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createStoreRepo(database.db);
  for (const id of STORES) await applyStoreDocument(repo, tenantDoc(id, { hosts: [`${id}.test.localhost`, `www.${id}.example`] }));
});
afterAll(() => database.drop());

/** The real repository, with every call that reaches the database counted. */
function countingRepo() {
  const calls: string[] = [];
  const counted = Object.fromEntries(
    Object.entries(repo).map(([name, fn]) => [
      name,
      (...args: unknown[]) => {
        calls.push(name);
        return (fn as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as StoreRepo;
  return { repo: counted, calls };
}

const randomHost = (i: number) => `${Math.random().toString(36).slice(2)}-${i}.unknown.example`;

describe('store cache', () => {
  it('resolves every configured host to its store', async () => {
    const cache = createStoreCache(repo, { ttlMs: 60_000 });
    for (const id of STORES) {
      expect((await cache.resolveHost(`${id}.test.localhost`))?.storeId).toBe(id);
      expect((await cache.resolveHost(`www.${id}.example`))?.storeId).toBe(id);
    }
    expect(await cache.resolveHost('nobody.test.localhost')).toBeNull();
  });

  it('answers 10,000 unknown hosts with one database read and keeps nothing of them', async () => {
    const { repo: counted, calls } = countingRepo();
    const cache = createStoreCache(counted, { ttlMs: 60_000 });
    for (let i = 0; i < 10_000; i++) expect(await cache.resolveHost(randomHost(i))).toBeNull();
    expect(calls).toEqual(['hostMap']);
    expect(cache.sizes()).toEqual({ hosts: (await repo.hostMap()).size, stores: 0 });
  });

  it('shares one read among concurrent requests, also right after an invalidation', async () => {
    const { repo: counted, calls } = countingRepo();
    const cache = createStoreCache(counted, { ttlMs: 60_000 });
    const first = await Promise.all(Array.from({ length: 200 }, (_, i) => cache.resolveHost(i % 2 ? 's1.test.localhost' : randomHost(i))));
    expect(first.filter((s) => s?.storeId === 's1')).toHaveLength(100);
    expect(calls.sort()).toEqual(['get', 'hostMap']);
    calls.length = 0;
    cache.invalidate('s1');
    await Promise.all(Array.from({ length: 200 }, (_, i) => cache.resolveHost(i % 2 ? 's1.test.localhost' : randomHost(i))));
    expect(calls.sort()).toEqual(['get', 'hostMap']);
  });

  it('reads the host map again after an invalidation: added hosts resolve, removed ones do not', async () => {
    const cache = createStoreCache(repo, { ttlMs: 3_600_000 });
    await applyStoreDocument(repo, tenantDoc('moving', { hosts: ['old.moving.example'] }));
    cache.invalidate('moving');
    expect((await cache.resolveHost('old.moving.example'))?.storeId).toBe('moving');
    expect(await cache.resolveHost('new.moving.example')).toBeNull();
    await applyStoreDocument(repo, tenantDoc('moving', { hosts: ['new.moving.example'] }));
    cache.invalidate('moving');
    expect((await cache.resolveHost('new.moving.example'))?.storeId).toBe('moving');
    expect(await cache.resolveHost('old.moving.example')).toBeNull();
  });

  it('reads the host map again once its age passes the TTL', async () => {
    let clock = 0;
    const { repo: counted, calls } = countingRepo();
    const cache = createStoreCache(counted, { ttlMs: 1_000, now: () => clock });
    await cache.resolveHost(randomHost(1));
    clock = 999;
    await cache.resolveHost(randomHost(2));
    expect(calls).toEqual(['hostMap']);
    clock = 1_000;
    await cache.resolveHost(randomHost(3));
    expect(calls).toEqual(['hostMap', 'hostMap']);
  });

  it('keeps at most maxStores store contexts, dropping the least recently used', async () => {
    const { repo: counted, calls } = countingRepo();
    const cache = createStoreCache(counted, { ttlMs: 60_000, maxStores: 3 });
    for (const id of STORES) await cache.resolveHost(`${id}.test.localhost`); // s3, s4, s5 remain
    expect(cache.sizes().stores).toBe(3);
    await cache.resolveHost('s3.test.localhost'); // s3 becomes the most recent: s4 is now the oldest
    await cache.resolveHost('s1.test.localhost'); // read again; s4 goes
    expect(cache.sizes().stores).toBe(3);
    calls.length = 0;
    for (const id of ['s5', 's3', 's1']) await cache.resolveHost(`${id}.test.localhost`);
    expect(calls).toEqual([]);
    await cache.resolveHost('s4.test.localhost');
    expect(calls).toEqual(['get']);
    expect(cache.sizes().stores).toBe(3);
  });
});
