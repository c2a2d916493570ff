import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { oidcModels } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';

export type MemberGrant = { grantId: string; clientId: string; grantedAt: Date; scope: string };

/** The provider's grants of one member, read from the adapter's table (decision 0021). */
export function createConnectionsRepo(db: Db) {
  return {
    async grantsOf(storeId: string, accountId: string, now: Date): Promise<MemberGrant[]> {
      const rows = await inStore(storeId, () =>
        db
          .select({ id: oidcModels.id, payload: oidcModels.payload })
          .from(oidcModels)
          .where(
            and(
              eq(oidcModels.model, 'Grant'),
              sql`${oidcModels.payload}->>'accountId' = ${accountId}`,
              or(sql`${oidcModels.expiresAt} is null`, sql`${oidcModels.expiresAt} > ${now}`),
            ),
          ),
      );
      return rows.map(({ id, payload }) => {
        const p = payload as { clientId: string; iat: number; openid?: { scope?: string } };
        return { grantId: id, clientId: p.clientId, grantedAt: new Date(p.iat * 1000), scope: p.openid?.scope ?? '' };
      });
    },

    /** Deletes the grants and everything issued under them (codes, access and refresh tokens). */
    async revoke(storeId: string, grantIds: readonly string[]): Promise<void> {
      if (grantIds.length === 0) return;
      await inStore(storeId, () =>
        db
          .delete(oidcModels)
          .where(or(inArray(oidcModels.grantId, [...grantIds]), and(eq(oidcModels.model, 'Grant'), inArray(oidcModels.id, [...grantIds])))),
      );
    },
  };
}
export type ConnectionsRepo = ReturnType<typeof createConnectionsRepo>;
