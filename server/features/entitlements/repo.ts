import { and, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contracts, entitlements } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

export type LiveEntitlement = { planId: string; expiresAt: Date | null };

/** What a member may watch now (in the scope's store): entitlements not revoked, not expired, and whose contract (if any) still runs. */
export function createEntitlementRepo(db: Db) {
  function liveWhere(accountId: string, now: Date, planFilter?: SQL) {
    return db
      .select({ planId: entitlements.planId, expiresAt: entitlements.expiresAt })
      .from(entitlements)
      .leftJoin(contracts, and(eq(contracts.storeId, entitlements.storeId), eq(contracts.id, entitlements.contractId)))
      .where(
        and(
          eq(entitlements.storeId, scopedStoreId()),
          eq(entitlements.accountId, accountId),
          planFilter,
          isNull(entitlements.revokedAt),
          or(isNull(entitlements.expiresAt), gt(entitlements.expiresAt, now)),
          or(isNull(entitlements.contractId), isNull(contracts.endedAt)),
        ),
      );
  }
  return {
    async live(accountId: string, planIds: string[], now: Date): Promise<LiveEntitlement[]> {
      if (planIds.length === 0) return [];
      return liveWhere(accountId, now, inArray(entitlements.planId, planIds));
    },
    /**
     * Every live entitlement of the member (the My Page list of what they may watch), as one json
     * column that another statement of the page carries (My Page reads it beside the member's
     * contracts: one round trip less, decision 0053).
     * Read the value with `liveFromColumn`.
     */
    allLiveColumn(accountId: string, now: Date): SQL<unknown> {
      return sql`(select coalesce(json_agg(json_build_object('planId', live.plan_id, 'expiresAt', live.expires_at)), '[]'::json) from ${liveWhere(accountId, now)} as live)`;
    },
  };
}

/** The rows of `allLiveColumn`'s value (json: the dates are text). */
export function liveFromColumn(value: unknown): LiveEntitlement[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ planId: string; expiresAt: string | null }>;
  return rows.map((r) => ({ planId: r.planId, expiresAt: r.expiresAt === null ? null : new Date(r.expiresAt) }));
}
export type EntitlementRepo = ReturnType<typeof createEntitlementRepo>;
