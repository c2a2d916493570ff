import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { passwordResets } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';
import { newToken, tokenHash } from '#server/platform/sessions/repo.ts';

/** Reset links: a random token in the mail, only its hash here; single use. In the scope's store (decision 0040). */
export function createPasswordResetRepo(db: Db) {
  return {
    async create(accountId: string, expiresAt: Date): Promise<string> {
      const token = newToken();
      await db.insert(passwordResets).values({ tokenHash: tokenHash(token), storeId: scopedStoreId(), accountId, expiresAt });
      return token;
    },
    async countSince(accountId: string, since: Date): Promise<number> {
      const rows = await db
        .select({ t: passwordResets.tokenHash })
        .from(passwordResets)
        .where(
          and(eq(passwordResets.storeId, scopedStoreId()), eq(passwordResets.accountId, accountId), gt(passwordResets.createdAt, since)),
        );
      return rows.length;
    },
    /** The account of a live, unused token of this store, or null. */
    async find(token: string, now: Date): Promise<string | null> {
      if (!token || token.length > 100) return null;
      const [row] = await db
        .select({ accountId: passwordResets.accountId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash(token)),
            eq(passwordResets.storeId, scopedStoreId()),
            gt(passwordResets.expiresAt, now),
            isNull(passwordResets.usedAt),
          ),
        );
      return row?.accountId ?? null;
    },
    /** Marks the token used; false when another request used it first. */
    async consume(token: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResets.tokenHash, tokenHash(token)),
            eq(passwordResets.storeId, scopedStoreId()),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ t: passwordResets.tokenHash });
      return rows.length === 1;
    },
    /** Every other open link of the account stops working once one is used. */
    async expireAll(accountId: string, now: Date) {
      await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.storeId, scopedStoreId()), eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt)));
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;
