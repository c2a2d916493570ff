import { type PublicStoreSettings, publicStoreSettings } from '#config-schema/public-settings.ts';
import { type StoreSettings, storeSettings } from '#config-schema/store-settings.ts';
import type { StoreRepo } from '#server/features/stores/repo.ts';

export type StoreContext = {
  storeId: string;
  revision: number;
  settings: StoreSettings;
  /** The explicit public part, parsed once per revision. */
  publicSettings: PublicStoreSettings;
};

type Clock = () => number;

/**
 * Host -> store, cached. Entries expire after ttlMs as a safety net; `invalidate` (driven by
 * NOTIFY or by polling revisions) drops them at once when a store is applied.
 */
export function createStoreCache(repo: StoreRepo, opts: { ttlMs: number; now?: Clock }) {
  const now = opts.now ?? Date.now;
  const byHost = new Map<string, { storeId: string | null; at: number }>();
  const byStore = new Map<string, { ctx: StoreContext; at: number }>();

  const fresh = (at: number) => opts.ttlMs > 0 && now() - at < opts.ttlMs;

  async function load(storeId: string): Promise<StoreContext | null> {
    const hit = byStore.get(storeId);
    if (hit && fresh(hit.at)) return hit.ctx;
    const row = await repo.get(storeId);
    if (!row) return null;
    // Re-parse: a document stored by an older schema version gets today's defaults.
    const settings = storeSettings.parse(row.settings);
    const ctx: StoreContext = { storeId, revision: row.revision, settings, publicSettings: publicStoreSettings.parse(settings) };
    byStore.set(storeId, { ctx, at: now() });
    return ctx;
  }

  return {
    async resolveHost(host: string): Promise<StoreContext | null> {
      let entry = byHost.get(host);
      if (!entry || !fresh(entry.at)) {
        entry = { storeId: await repo.storeIdForHost(host), at: now() };
        byHost.set(host, entry);
      }
      return entry.storeId ? load(entry.storeId) : null;
    },
    get: load,
    /** Forget one store (and every host mapping, since its host list may have changed). */
    invalidate(storeId?: string) {
      byHost.clear();
      if (storeId) byStore.delete(storeId);
      else byStore.clear();
    },
  };
}
export type StoreCache = ReturnType<typeof createStoreCache>;
