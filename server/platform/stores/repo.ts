import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Db } from '#server/db/client.ts';
import { contracts, planSales, storeHosts, stores } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';

export type StoreRow = { storeId: string; settings: StoreSettings; revision: number; updatedAt: Date };

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
    /** Inserts or replaces the settings and host list in one transaction; returns the new revision. */
    async save(settings: StoreSettings): Promise<number> {
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
            await tx.execute(sql`select pg_notify(${STORE_CHANNEL}, ${settings.storeId})`);
            return row?.revision ?? 1;
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
    async salesCounts(storeId: string): Promise<Map<string, number>> {
      const rows = await inStore(storeId, () => db.select().from(planSales).where(eq(planSales.storeId, storeId)));
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
