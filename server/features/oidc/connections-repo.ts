import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { oidcModels } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

export type MemberGrant = { grantId: string; clientId: string; grantedAt: Date; scope: string };

/** The provider's grants of one member in the scope's store, read from the adapter's table (decision 0021). */
export function createConnectionsRepo(db: Db) {
  return {
    async grantsOf(accountId: string, now: Date): Promise<MemberGrant[]> {
      // Row-level security keeps the rows to the scope's store; asking for it fails fast outside one.
      scopedStoreId();
      const rows = await db
        .select({ id: oidcModels.id, payload: oidcModels.payload })
        .from(oidcModels)
        .where(
          and(
            eq(oidcModels.model, 'Grant'),
            sql`${oidcModels.payload}->>'accountId' = ${accountId}`,
            or(sql`${oidcModels.expiresAt} is null`, sql`${oidcModels.expiresAt} > ${now}`),
          ),
        );
      return rows.map(({ id, payload }) => {
        const p = payload as { clientId: string; iat: number; openid?: { scope?: string } };
        return { grantId: id, clientId: p.clientId, grantedAt: new Date(p.iat * 1000), scope: p.openid?.scope ?? '' };
      });
    },

    /** Deletes the grants and everything issued under them (codes, access and refresh tokens). */
    async revoke(grantIds: readonly string[]): Promise<void> {
      // Row-level security keeps the rows to the scope's store; asking for it fails fast outside one.
      scopedStoreId();
      if (grantIds.length === 0) return;
      await db
        .delete(oidcModels)
        .where(or(inArray(oidcModels.grantId, [...grantIds]), and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, [...grantIds]))));
    },
  };
}
export type ConnectionsRepo = ReturnType<typeof createConnectionsRepo>;
