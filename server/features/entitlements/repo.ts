import { and, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contracts, entitlements } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';

export type LiveEntitlement = { planId: string; expiresAt: Date | null };

/** What a member may watch now: entitlements not revoked, not expired, and whose contract (if any) still runs. */
export function createEntitlementRepo(db: Db) {
  function liveWhere(storeId: string, accountId: string, now: Date, planFilter?: SQL) {
    return inStore(storeId, () =>
      db
        .select({ planId: entitlements.planId, expiresAt: entitlements.expiresAt })
        .from(entitlements)
        .leftJoin(contracts, and(eq(contracts.storeId, entitlements.storeId), eq(contracts.id, entitlements.contractId)))
        .where(
          and(
            eq(entitlements.storeId, storeId),
            eq(entitlements.accountId, accountId),
            planFilter,
            isNull(entitlements.revokedAt),
            or(isNull(entitlements.expiresAt), gt(entitlements.expiresAt, now)),
            or(isNull(entitlements.contractId), isNull(contracts.endedAt)),
          ),
        ),
    );
  }
  return {
    async live(storeId: string, accountId: string, planIds: string[], now: Date): Promise<LiveEntitlement[]> {
      if (planIds.length === 0) return [];
      return liveWhere(storeId, accountId, now, inArray(entitlements.planId, planIds));
    },
    /** Every live entitlement of the member (the My Page list of what they may watch). */
    async allLive(storeId: string, accountId: string, now: Date): Promise<LiveEntitlement[]> {
      return liveWhere(storeId, accountId, now);
    },
  };
}
export type EntitlementRepo = ReturnType<typeof createEntitlementRepo>;
