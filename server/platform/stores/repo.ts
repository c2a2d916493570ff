import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Db } from '#server/db/client.ts';
import { contracts, planSales, storeHosts, storeRevisions, stores } from '#server/db/schema.ts';
import { acrossStores, inStore, scopedStoreId } from '#server/db/scope.ts';

export type StoreRow = { storeId: string; settings: StoreSettings; revision: number; updatedAt: Date };
/** Who applied a revision and why (decision 0047). */
export type RevisionMeta = { author: string; message?: string | null };
export type RevisionRow = { revision: number; author: string; message: string | null; createdAt: Date };
const SYSTEM_AUTHOR: RevisionMeta = { author: 'system' };

export const STORE_CHANNEL = 'store_settings';

export function createStoreRepo(db: Db) {
  return {
    async list(): Promise<StoreRow[]> {
      const rows = await db.select().from(stores).orderBy(stores.storeId);
      return rows.map((r) => ({ ...r, settings: r.settings as StoreSettings }));
    },
    async get(storeId: string): Promise<StoreRow | null> {
      const [row] = await db.select().from(stores).where(eq(stores.storeId, storeId));
      return row ? { ...row, settings: row.settings as StoreSettings } : null;
    },
    async storeIdForHost(host: string): Promise<string | null> {
      const [row] = await db.select({ storeId: storeHosts.storeId }).from(storeHosts).where(eq(storeHosts.host, host));
      return row?.storeId ?? null;
    },
    /** Every configured host -> its store id (stores x hosts: small enough to hold whole, see store-cache.ts). */
    async hostMap(): Promise<Map<string, string>> {
      const rows = await db.select({ host: storeHosts.host, storeId: storeHosts.storeId }).from(storeHosts);
      return new Map(rows.map((r) => [r.host, r.storeId]));
    },
    /** store id -> revision, for change detection by polling. */
    async revisions(): Promise<Map<string, number>> {
      const rows = await db.select({ storeId: stores.storeId, revision: stores.revision }).from(stores);
      return new Map(rows.map((r) => [r.storeId, r.revision]));
    },
    /** Hosts in the list that already belong to another store. */
    async hostsOwnedElsewhere(storeId: string, hosts: string[]): Promise<{ host: string; storeId: string }[]> {
      if (hosts.length === 0) return [];
      return db
        .select({ host: storeHosts.host, storeId: storeHosts.storeId })
        .from(storeHosts)
        .where(and(inArray(storeHosts.host, hosts), ne(storeHosts.storeId, storeId)));
    },
    /** The kept revisions of a store, oldest first (decision 0047). */
    async history(storeId: string): Promise<RevisionRow[]> {
      return acrossStores(
        () =>
          db
            .select({
              revision: storeRevisions.revision,
              author: storeRevisions.author,
              message: storeRevisions.message,
              createdAt: storeRevisions.createdAt,
            })
            .from(storeRevisions)
            .where(eq(storeRevisions.storeId, storeId))
            .orderBy(asc(storeRevisions.revision)),
        'store_admin',
      );
    },
    /** The document of one kept revision; null when there is none. */
    async revisionDocument(storeId: string, revision: number): Promise<StoreSettings | null> {
      const [row] = await acrossStores(
        () =>
          db
            .select({ document: storeRevisions.document })
            .from(storeRevisions)
            .where(and(eq(storeRevisions.storeId, storeId), eq(storeRevisions.revision, revision))),
        'store_admin',
      );
      return row ? (row.document as StoreSettings) : null;
    },
    /**
     * Inserts or replaces the settings and host list, and keeps the document as a revision with
     * who applied it, in one transaction; returns the new revision.
     */
    async save(settings: StoreSettings, meta: RevisionMeta = SYSTEM_AUTHOR): Promise<number> {
      // The catalogue is written by the store tool's role only (the application's role reads it).
      return acrossStores(
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(stores)
              .values({ storeId: settings.storeId, settings })
              .onConflictDoUpdate({
                target: stores.storeId,
                set: { settings, revision: sql`${stores.revision} + 1`, updatedAt: sql`now()` },
              })
              .returning({ revision: stores.revision });
            await tx.delete(storeHosts).where(eq(storeHosts.storeId, settings.storeId));
            await tx.insert(storeHosts).values(settings.hosts.map((host) => ({ host, storeId: settings.storeId })));
            const revision = row?.revision ?? 1;
            await tx
              .insert(storeRevisions)
              .values({ storeId: settings.storeId, revision, document: settings, author: meta.author, message: meta.message ?? null });
            await tx.execute(sql`select pg_notify(${STORE_CHANNEL}, ${settings.storeId})`);
            return revision;
          }),
        'store_admin',
      );
    },
    /**
     * plan id -> its live subscriptions (every status but CANCELLED: what a billing run still
     * renews or ends, and My Page still shows), for the plans given; plans without any are left out.
     */
    async liveContractCounts(storeId: string, planIds: string[]): Promise<Map<string, number>> {
      if (planIds.length === 0) return new Map();
      const rows = await inStore(storeId, () =>
        db
          .select({ planId: contracts.planId, n: count() })
          .from(contracts)
          .where(and(eq(contracts.storeId, storeId), inArray(contracts.planId, planIds), ne(contracts.status, 'CANCELLED')))
          .groupBy(contracts.planId),
      );
      return new Map(rows.map((r) => [r.planId, Number(r.n)]));
    },
    /** The plans' sales counts of the store of the database scope (decision 0040). */
    async salesCounts(): Promise<Map<string, number>> {
      const rows = await db.select().from(planSales).where(eq(planSales.storeId, scopedStoreId()));
      return new Map(rows.map((r) => [r.planId, r.salesCount]));
    },
    async setSalesCount(storeId: string, planId: string, salesCount: number): Promise<void> {
      await inStore(storeId, () =>
        db
          .insert(planSales)
          .values({ storeId, planId, salesCount })
          .onConflictDoUpdate({ target: [planSales.storeId, planSales.planId], set: { salesCount } }),
      );
    },
  };
}
export type StoreRepo = ReturnType<typeof createStoreRepo>;
