// External identities linked to members, and the viewers' trips to a provider (decision 0022).
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts, externalAuthFlows, externalIdentities } from '#server/db/schema.ts';
import { acrossStores, scopedStoreId } from '#server/db/scope.ts';
import { newToken, tokenHash } from '#server/platform/sessions/repo.ts';
import type { ExternalIdentity, PendingAuth } from './client.ts';
import type { ExternalIdProvider } from './providers.ts';

export type SocialAction = 'login' | 'signup' | 'enableExternalAuth';
export type ExternalAuthFlow = PendingAuth & {
  provider: ExternalIdProvider;
  action: SocialAction;
  accountId: string | null;
  redirectTo: string | null;
  identity: ExternalIdentity | null;
};
export type LinkedIdentity = { provider: ExternalIdProvider; subject: string; accountId: string; email: string | null; linkedAt: Date };

export function createExternalIdRepo(db: Db) {
  const linkedOf = db
    .select({ provider: externalIdentities.provider })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.storeId, sql.placeholder('storeId')), eq(externalIdentities.accountId, sql.placeholder('accountId'))))
    .prepare('external_ids_linked');
  const flowWhere = (token: string) =>
    and(eq(externalAuthFlows.storeId, scopedStoreId()), eq(externalAuthFlows.tokenHash, tokenHash(token)));
  return {
    /** A new trip; the returned token goes into the browser's cookie. */
    async createFlow(flow: Omit<ExternalAuthFlow, 'identity'>, expiresAt: Date): Promise<string> {
      const storeId = scopedStoreId();
      const token = newToken();
      await db.insert(externalAuthFlows).values({ storeId, tokenHash: tokenHash(token), ...flow, expiresAt });
      return token;
    },
    async findFlow(token: string | undefined, now: Date): Promise<ExternalAuthFlow | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db.select().from(externalAuthFlows).where(flowWhere(token));
      if (!row || row.expiresAt <= now) return null;
      return {
        provider: row.provider as ExternalIdProvider,
        action: row.action as SocialAction,
        state: row.state,
        nonce: row.nonce,
        codeVerifier: row.codeVerifier,
        redirectUri: row.redirectUri,
        accountId: row.accountId,
        redirectTo: row.redirectTo,
        identity: (row.identity as ExternalIdentity | null) ?? null,
      };
    },
    /** Sign-up: the identity the provider vouched for waits in the trip until the member exists. */
    async keepIdentity(token: string, identity: ExternalIdentity) {
      await db.update(externalAuthFlows).set({ identity }).where(flowWhere(token));
    },
    async deleteFlow(token: string) {
      await db.delete(externalAuthFlows).where(flowWhere(token));
    },
    async deleteExpiredFlows(now: Date) {
      await acrossStores(() => db.delete(externalAuthFlows).where(lt(externalAuthFlows.expiresAt, now)));
    },

    async find(provider: ExternalIdProvider, subject: string): Promise<LinkedIdentity | null> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select()
        .from(externalIdentities)
        .where(
          and(eq(externalIdentities.storeId, storeId), eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)),
        );
      return row ? { ...row, provider: row.provider as ExternalIdProvider } : null;
    },
    /** The providers the member has linked (My Page's list on every visit): built once (decision 0060). */
    async linkedProviders(accountId: string): Promise<ExternalIdProvider[]> {
      const rows = await linkedOf.execute({ storeId: scopedStoreId(), accountId });
      return rows.map((r) => r.provider as ExternalIdProvider);
    },
    /** Links; false when the identity or this provider of the member is linked already (the unique keys). */
    async link(accountId: string, identity: ExternalIdentity, at: Date): Promise<boolean> {
      const storeId = scopedStoreId();
      const rows = await db
        .insert(externalIdentities)
        .values({ storeId, accountId, provider: identity.provider, subject: identity.subject, email: identity.email, linkedAt: at })
        .onConflictDoNothing()
        .returning({ subject: externalIdentities.subject });
      return rows.length > 0;
    },
    /**
     * Unlinks when the rule allows it: the member's row is locked first, so two unlinks at once
     * cannot both pass the rule and leave the member without a way in.
     */
    async unlinkIfAllowed(
      accountId: string,
      provider: ExternalIdProvider,
      allowed: (m: { hasPassword: boolean; linkedCount: number }) => boolean,
    ): Promise<'unlinked' | 'notLinked' | 'refused'> {
      const storeId = scopedStoreId();
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select({ passwordHash: accounts.passwordHash })
          .from(accounts)
          .where(and(eq(accounts.storeId, storeId), eq(accounts.id, accountId)))
          .for('update');
        if (!member) return 'notLinked';
        const linked = await tx
          .select({ provider: externalIdentities.provider })
          .from(externalIdentities)
          .where(and(eq(externalIdentities.storeId, storeId), eq(externalIdentities.accountId, accountId)));
        if (!linked.some((l) => l.provider === provider)) return 'notLinked';
        if (!allowed({ hasPassword: member.passwordHash !== null, linkedCount: linked.length })) return 'refused';
        await tx
          .delete(externalIdentities)
          .where(
            and(
              eq(externalIdentities.storeId, storeId),
              eq(externalIdentities.accountId, accountId),
              eq(externalIdentities.provider, provider),
            ),
          );
        return 'unlinked';
      });
    },
  };
}
export type ExternalIdRepo = ReturnType<typeof createExternalIdRepo>;
