/**
 * Values built once per store settings revision (or for a short time) and reused across
 * requests: bounded (least recently used out first) and counted, so memory with many stores
 * stays measurable (`npm run bench` applies 1,000 stores).
 *
 * A key is the store id, its settings revision and a part name (`salesCounts`, `cards:ja`, …):
 * applying a store bumps its revision, so its old entries are never read again and age out.
 * With `ttlMs`, an entry is rebuilt after that long even at the same revision (for values that
 * change without a new revision, such as sales counts).
 */
export type StoreKey = { storeId: string; revision: number };

export type PerStoreCache<V> = {
  /** The cached value, or `build()`'s, stored. A pending build is shared by concurrent callers. */
  get(store: StoreKey, part: string, build: () => V): V;
  readonly size: number;
  readonly stats: { hits: number; misses: number; evictions: number };
  clear(): void;
};

export function createPerStoreCache<V>(opts: { maxEntries: number; ttlMs?: number; now?: () => number }): PerStoreCache<V> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; at: number }>();
  const stats = { hits: 0, misses: 0, evictions: 0 };
  return {
    get(store, part, build) {
      const key = `${store.storeId}\u0000${store.revision}\u0000${part}`;
      const hit = entries.get(key);
      if (hit && (opts.ttlMs === undefined || now() - hit.at < opts.ttlMs)) {
        stats.hits++;
        // Most recently used last.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      stats.misses++;
      const value = build();
      entries.delete(key);
      entries.set(key, { value, at: now() });
      if (value instanceof Promise) {
        // A failed build is not kept: the next caller tries again.
        value.catch(() => {
          if (entries.get(key)?.value === value) entries.delete(key);
        });
      }
      while (entries.size > opts.maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
        stats.evictions++;
      }
      return value;
    },
    get size() {
      return entries.size;
    },
    stats,
    clear: () => entries.clear(),
  };
}
