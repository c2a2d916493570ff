import { describe, expect, it } from 'vitest';
import { createPerStoreCache } from './per-store.ts';

const a1 = { storeId: 'a', revision: 1 };

describe('per-store cache', () => {
  it('builds once per store, revision and part', () => {
    const cache = createPerStoreCache<number>({ maxEntries: 10 });
    let built = 0;
    const build = () => ++built;
    expect(cache.get(a1, 'x', build)).toBe(1);
    expect(cache.get(a1, 'x', build)).toBe(1);
    expect(cache.get(a1, 'y', build)).toBe(2);
    expect(cache.get({ storeId: 'a', revision: 2 }, 'x', build)).toBe(3);
    expect(cache.stats).toMatchObject({ hits: 1, misses: 3 });
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createPerStoreCache<string>({ maxEntries: 2 });
    cache.get(a1, 'x', () => 'x');
    cache.get(a1, 'y', () => 'y');
    cache.get(a1, 'x', () => 'x again');
    cache.get(a1, 'z', () => 'z');
    expect(cache.size).toBe(2);
    expect(cache.get(a1, 'x', () => 'rebuilt')).toBe('x');
    expect(cache.get(a1, 'y', () => 'rebuilt')).toBe('rebuilt');
  });

  it('rebuilds after ttlMs', () => {
    let t = 0;
    const cache = createPerStoreCache<number>({ maxEntries: 10, ttlMs: 1000, now: () => t });
    let built = 0;
    cache.get(a1, 'x', () => ++built);
    t = 999;
    expect(cache.get(a1, 'x', () => ++built)).toBe(1);
    t = 1000;
    expect(cache.get(a1, 'x', () => ++built)).toBe(2);
  });

  it('forgets a failed asynchronous build', async () => {
    const cache = createPerStoreCache<Promise<number>>({ maxEntries: 10 });
    await expect(cache.get(a1, 'x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(a1, 'x', () => Promise.resolve(2))).toBe(2);
  });
});
