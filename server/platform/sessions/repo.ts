import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts, knownDevices, sessions } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';

export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export type SessionAccount = {
  accountId: string;
  publicId: string;
  email: string;
  storeId: string;
  language: string;
  /** When this session signed in (the member's authentication time: OpenID's auth_time). */
  signedInAt: Date;
};

export function createSessionRepo(db: Db) {
  return {
    async insert(storeId: string, accountId: string, token: string, expiresAt: Date) {
      await inStore(storeId, () => db.insert(sessions).values({ idHash: tokenHash(token), storeId, accountId, expiresAt }));
    },
    /** The live session's account; only a session of this store counts. */
    async find(storeId: string, token: string, now: Date): Promise<(SessionAccount & { lastSeenAt: Date }) | null> {
      const [row] = await inStore(storeId, () =>
        db
          .select({
            accountId: accounts.id,
            publicId: accounts.publicId,
            email: accounts.email,
            storeId: sessions.storeId,
            language: accounts.language,
            signedInAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
          })
          .from(sessions)
          .innerJoin(accounts, and(eq(accounts.storeId, sessions.storeId), eq(accounts.id, sessions.accountId)))
          .where(and(eq(sessions.idHash, tokenHash(token)), eq(sessions.storeId, storeId), gt(sessions.expiresAt, now))),
      );
      return row ?? null;
    },
    async touch(storeId: string, token: string, now: Date, expiresAt: Date) {
      await inStore(storeId, () =>
        db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt })
          .where(and(eq(sessions.storeId, storeId), eq(sessions.idHash, tokenHash(token)))),
      );
    },
    async delete(storeId: string, token: string) {
      await inStore(storeId, () => db.delete(sessions).where(and(eq(sessions.idHash, tokenHash(token)), eq(sessions.storeId, storeId))));
    },
    async deleteAllOf(storeId: string, accountId: string) {
      await inStore(storeId, () => db.delete(sessions).where(and(eq(sessions.storeId, storeId), eq(sessions.accountId, accountId))));
    },
    /** Every session of the account except the one `keepToken` names. */
    async deleteOthersOf(storeId: string, accountId: string, keepToken: string) {
      await inStore(storeId, () =>
        db
          .delete(sessions)
          .where(and(eq(sessions.storeId, storeId), eq(sessions.accountId, accountId), ne(sessions.idHash, tokenHash(keepToken)))),
      );
    },
    /** Every store's expired sessions (housekeeping). */
    async deleteExpired(now: Date) {
      await acrossStores(() => db.delete(sessions).where(lt(sessions.expiresAt, now)));
    },
    async isKnownDevice(storeId: string, accountId: string, token: string): Promise<boolean> {
      const [row] = await inStore(storeId, () =>
        db
          .select({ t: knownDevices.tokenHash })
          .from(knownDevices)
          .where(
            and(eq(knownDevices.tokenHash, tokenHash(token)), eq(knownDevices.storeId, storeId), eq(knownDevices.accountId, accountId)),
          ),
      );
      return Boolean(row);
    },
    async rememberDevice(storeId: string, accountId: string, token: string, now: Date) {
      await inStore(storeId, () =>
        db
          .insert(knownDevices)
          .values({ tokenHash: tokenHash(token), storeId, accountId })
          .onConflictDoUpdate({ target: [knownDevices.storeId, knownDevices.tokenHash], set: { lastSeenAt: now } }),
      );
    },
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
