import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { passwordResets } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { newToken, tokenHash } from '#server/platform/sessions/repo.ts';

/** Reset links: a random token in the mail, only its hash here; single use. */
export function createPasswordResetRepo(db: Db) {
  return {
    async create(storeId: string, accountId: string, expiresAt: Date): Promise<string> {
      const token = newToken();
      await inStore(storeId, () => db.insert(passwordResets).values({ tokenHash: tokenHash(token), storeId, accountId, expiresAt }));
      return token;
    },
    async countSince(storeId: string, accountId: string, since: Date): Promise<number> {
      const rows = await inStore(storeId, () =>
        db
          .select({ t: passwordResets.tokenHash })
          .from(passwordResets)
          .where(and(eq(passwordResets.storeId, storeId), eq(passwordResets.accountId, accountId), gt(passwordResets.createdAt, since))),
      );
      return rows.length;
    },
    /** The account of a live, unused token of this store, or null. */
    async find(storeId: string, token: string, now: Date): Promise<string | null> {
      if (!token || token.length > 100) return null;
      const [row] = await inStore(storeId, () =>
        db
          .select({ accountId: passwordResets.accountId })
          .from(passwordResets)
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash(token)),
              eq(passwordResets.storeId, storeId),
              gt(passwordResets.expiresAt, now),
              isNull(passwordResets.usedAt),
            ),
          ),
      );
      return row?.accountId ?? null;
    },
    /** Marks the token used; false when another request used it first. */
    async consume(storeId: string, token: string, now: Date): Promise<boolean> {
      const rows = await inStore(storeId, () =>
        db
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, tokenHash(token)),
              eq(passwordResets.storeId, storeId),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ t: passwordResets.tokenHash }),
      );
      return rows.length === 1;
    },
    /** Every other open link of the account stops working once one is used. */
    async expireAll(storeId: string, accountId: string, now: Date) {
      await inStore(storeId, () =>
        db
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.storeId, storeId), eq(passwordResets.accountId, accountId), isNull(passwordResets.usedAt))),
      );
    },
  };
}
export type PasswordResetRepo = ReturnType<typeof createPasswordResetRepo>;
