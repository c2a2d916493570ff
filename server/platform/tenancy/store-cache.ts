import { type PublicStoreSettings, publicStoreSettings } from '#config-schema/public-settings.ts';
import { type StoreSettings, storeSettings } from '#config-schema/store-settings.ts';
import type { StoreRepo } from '#server/platform/stores/repo.ts';

export type StoreContext = {
  storeId: string;
  revision: number;
  settings: StoreSettings;
  /** The explicit public part, parsed once per revision. */
  publicSettings: PublicStoreSettings;
};

type Clock = () => number;

/**
 * Store contexts kept at most. Measured: one context (settings parsed, and their public part)
 * holds 17 to 29 KB of heap for the demo stores in tenants/, so 1,000 stores stay under 30 MB;
 * a deployment with more active stores reads the least recently used ones again (one query each).
 */
export const MAX_CACHED_STORES = 1_000;

/**
 * Host -> store. The whole map of configured hosts (`store_hosts`: stores x hosts, small) is held
 * in memory and read in one query, so a host that is not in it costs no query and no memory: a
 * flood of random Host headers changes nothing here. Store contexts are kept per store, the
 * least recently used dropped beyond `maxStores`.
 *
 * `invalidate` (driven by NOTIFY or by polling revisions, see watch.ts) makes the next request
 * read the map again and drops the store's context; entries also expire after ttlMs as a safety
 * net. Concurrent requests share one read in flight, for the map and for each store.
 */
export function createStoreCache(repo: StoreRepo, opts: { ttlMs: number; now?: Clock; maxStores?: number }) {
  const now = opts.now ?? Date.now;
  const maxStores = opts.maxStores ?? MAX_CACHED_STORES;
  const fresh = (at: number) => opts.ttlMs > 0 && now() - at < opts.ttlMs;

  // Bumped by every invalidate: a read that started before it is not kept (it may be stale).
  let generation = 0;

  let hosts: { map: Map<string, string>; at: number; generation: number } | null = null;
  let hostsLoading: { promise: Promise<Map<string, string>>; generation: number } | null = null;

  function hostMap(): Promise<Map<string, string>> {
    if (hosts && hosts.generation === generation && fresh(hosts.at)) return Promise.resolve(hosts.map);
    if (hostsLoading && hostsLoading.generation === generation) return hostsLoading.promise;
    const started = generation;
    const promise = repo.hostMap().then((map) => {
      if (started === generation) hosts = { map, at: now(), generation: started };
      return map;
    });
    const loading = { promise, generation: started };
    hostsLoading = loading;
    const settle = () => {
      if (hostsLoading === loading) hostsLoading = null;
    };
    promise.then(settle, settle);
    return promise;
  }

  // Insertion order is recency order: a hit moves the entry to the end, the first is the oldest.
  const byStore = new Map<string, { ctx: StoreContext; at: number }>();
  const storesLoading = new Map<string, Promise<StoreContext | null>>();

  async function read(storeId: string): Promise<StoreContext | null> {
    const started = generation;
    const row = await repo.get(storeId);
    if (!row) return null;
    // Re-parse: a document stored by an older schema version gets today's defaults.
    const settings = storeSettings.parse(row.settings);
    const ctx: StoreContext = { storeId, revision: row.revision, settings, publicSettings: publicStoreSettings.parse(settings) };
    if (started === generation) {
      byStore.delete(storeId);
      byStore.set(storeId, { ctx, at: now() });
      for (const oldest of byStore.keys()) {
        if (byStore.size <= maxStores) break;
        byStore.delete(oldest);
      }
    }
    return ctx;
  }

  function load(storeId: string): Promise<StoreContext | null> {
    const hit = byStore.get(storeId);
    if (hit && fresh(hit.at)) {
      byStore.delete(storeId);
      byStore.set(storeId, hit);
      return Promise.resolve(hit.ctx);
    }
    const pending = storesLoading.get(storeId);
    if (pending) return pending;
    const promise: Promise<StoreContext | null> = read(storeId).finally(() => {
      if (storesLoading.get(storeId) === promise) storesLoading.delete(storeId);
    });
    storesLoading.set(storeId, promise);
    return promise;
  }

  return {
    async resolveHost(host: string): Promise<StoreContext | null> {
      const storeId = (await hostMap()).get(host);
      return storeId ? load(storeId) : null;
    },
    get: load,
    /** Forget one store (and the host map, since its host list may have changed); every store without an id. */
    invalidate(storeId?: string) {
      generation++;
      hosts = null;
      if (storeId) {
        byStore.delete(storeId);
        storesLoading.delete(storeId);
      } else {
        byStore.clear();
        storesLoading.clear();
      }
    },
    /** What is held: configured hosts in the map and store contexts (tests and diagnostics). */
    sizes(): { hosts: number; stores: number } {
      return { hosts: hosts?.map.size ?? 0, stores: byStore.size };
    },
  };
}
export type StoreCache = ReturnType<typeof createStoreCache>;
