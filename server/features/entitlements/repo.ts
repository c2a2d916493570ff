import { and, eq, gt, inArray, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contracts, entitlements } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

export type LiveEntitlement = { planId: string; expiresAt: Date | null };

/** What a member may watch now (in the scope's store): entitlements not revoked, not expired, and whose contract (if any) still runs. */
/** A column another feature's statement carries, built once with placeholders, and the values of one call (decision 0060). */
export type PreparedColumn = { column: SQL<unknown>; params: Record<string, unknown> };

export function createEntitlementRepo(db: Db) {
  function liveWhere(storeId: string | Placeholder, accountId: string | Placeholder, now: Date | Placeholder, planFilter?: SQL) {
    return db
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
      );
  }
  // The watch list's column, built once (decision 0060): the statement that carries it is prepared once too.
  const allLive = sql`(select coalesce(json_agg(json_build_object('planId', live.plan_id, 'expiresAt', live.expires_at)), '[]'::json) from ${liveWhere(
    sql.placeholder('liveStoreId'),
    sql.placeholder('liveAccountId'),
    sql.placeholder('liveNow'),
  )} as live)`;
  return {
    async live(accountId: string, planIds: string[], now: Date): Promise<LiveEntitlement[]> {
      if (planIds.length === 0) return [];
      return liveWhere(scopedStoreId(), accountId, now, inArray(entitlements.planId, planIds));
    },
    /**
     * Every live entitlement of the member (the My Page list of what they may watch), as one json
     * column that another statement of the page carries (My Page reads it beside the member's
     * contracts: one round trip less, decision 0053).
     * Read the value with `liveFromColumn`.
     */
    allLiveColumn(accountId: string, now: Date): PreparedColumn {
      // A placeholder is not encoded by its column: the instant as the column would send it.
      return { column: allLive, params: { liveStoreId: scopedStoreId(), liveAccountId: accountId, liveNow: now.toISOString() } };
    },
  };
}

/** The rows of `allLiveColumn`'s value (json: the dates are text). */
export function liveFromColumn(value: unknown): LiveEntitlement[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ planId: string; expiresAt: string | null }>;
  return rows.map((r) => ({ planId: r.planId, expiresAt: r.expiresAt === null ? null : new Date(r.expiresAt) }));
}
export type EntitlementRepo = ReturnType<typeof createEntitlementRepo>;
