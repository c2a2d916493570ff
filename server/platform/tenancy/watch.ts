import type { Database } from '#server/db/client.ts';
import { STORE_CHANNEL, type StoreRepo } from '#server/platform/stores/repo.ts';
import type { StoreCache } from './store-cache.ts';

/**
 * Keeps the settings cache in step with `store apply` run from another process.
 * PostgreSQL: LISTEN/NOTIFY. PGlite: notifications sent through the socket server do not reach
 * the in-process listener, so the server polls the revisions (one small query per interval).
 * See docs/decisions/0004-settings-invalidation.md.
 */
export async function watchStoreChanges(database: Database, repo: StoreRepo, cache: StoreCache, opts: { pollMs?: number } = {}) {
  const stops: Array<() => Promise<void> | void> = [];
  stops.push(await database.listen(STORE_CHANNEL, (storeId) => cache.invalidate(storeId || undefined)));
  if (database.kind === 'pglite') {
    let last = await repo.revisions();
    const timer = setInterval(async () => {
      try {
        const current = await repo.revisions();
        for (const [id, rev] of current) if (last.get(id) !== rev) cache.invalidate(id);
        for (const id of last.keys()) if (!current.has(id)) cache.invalidate(id);
        last = current;
      } catch {
        // The database is closing during shutdown; the next tick or the TTL recovers.
      }
    }, opts.pollMs ?? 250);
    timer.unref();
    stops.push(() => clearInterval(timer));
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}
