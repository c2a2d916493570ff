import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts, knownDevices, sessions } from '#server/db/schema.ts';
import { acrossStores, scopedStoreId } from '#server/db/scope.ts';

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
  /**
   * What My Page's account top shows of the account besides the e-mail address, read in the
   * session's statement (it joins the account already; decision 0060), so as fresh as the session.
   */
  credentials?: SessionCredentials;
};

export type SessionCredentials = { userId: string | null; hasPassword: boolean; passwordUpdatedAt: Date | null };

export function createSessionRepo(db: Db) {
  // Read on every signed-in request: built once (decision 0058), run in the caller's scope.
  const findLive = db
    .select({
      accountId: accounts.id,
      publicId: accounts.publicId,
      email: accounts.email,
      storeId: sessions.storeId,
      language: accounts.language,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: accounts.userId,
      hasPassword: sql<boolean>`${accounts.passwordHash} is not null`,
      passwordUpdatedAt: accounts.passwordUpdatedAt,
    })
    .from(sessions)
    .innerJoin(accounts, and(eq(accounts.storeId, sessions.storeId), eq(accounts.id, sessions.accountId)))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        eq(sessions.storeId, sql.placeholder('storeId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_find');
  return {
    /** `now`: the service's clock, from which the touch interval counts (the database's time when not given). */
    async insert(accountId: string, token: string, expiresAt: Date, now?: Date) {
      const storeId = scopedStoreId();
      await db.insert(sessions).values({ idHash: tokenHash(token), storeId, accountId, expiresAt, ...(now ? { lastSeenAt: now } : {}) });
    },
    /** The live session's account; only a session of this store counts. */
    async find(token: string, now: Date): Promise<(SessionAccount & { lastSeenAt: Date }) | null> {
      // A placeholder is not encoded by its column: the instant as the column would send it.
      const [row] = await findLive.execute({ idHash: tokenHash(token), storeId: scopedStoreId(), now: now.toISOString() });
      if (!row) return null;
      const { userId, hasPassword, passwordUpdatedAt, ...session } = row;
      return { ...session, credentials: { userId, hasPassword, passwordUpdatedAt } };
    },
    async touch(token: string, now: Date, expiresAt: Date) {
      const storeId = scopedStoreId();
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(and(eq(sessions.storeId, storeId), eq(sessions.idHash, tokenHash(token))));
    },
    async delete(token: string) {
      const storeId = scopedStoreId();
      await db.delete(sessions).where(and(eq(sessions.idHash, tokenHash(token)), eq(sessions.storeId, storeId)));
    },
    async deleteAllOf(accountId: string) {
      const storeId = scopedStoreId();
      await db.delete(sessions).where(and(eq(sessions.storeId, storeId), eq(sessions.accountId, accountId)));
    },
    /** Every session of the account except the one `keepToken` names. */
    async deleteOthersOf(accountId: string, keepToken: string) {
      const storeId = scopedStoreId();
      await db
        .delete(sessions)
        .where(and(eq(sessions.storeId, storeId), eq(sessions.accountId, accountId), ne(sessions.idHash, tokenHash(keepToken))));
    },
    /** Every store's expired sessions (housekeeping). */
    async deleteExpired(now: Date) {
      await acrossStores(() => db.delete(sessions).where(lt(sessions.expiresAt, now)));
    },
    async isKnownDevice(accountId: string, token: string): Promise<boolean> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({ t: knownDevices.tokenHash })
        .from(knownDevices)
        .where(and(eq(knownDevices.tokenHash, tokenHash(token)), eq(knownDevices.storeId, storeId), eq(knownDevices.accountId, accountId)));
      return Boolean(row);
    },
    async rememberDevice(accountId: string, token: string, now: Date) {
      const storeId = scopedStoreId();
      await db
        .insert(knownDevices)
        .values({ tokenHash: tokenHash(token), storeId, accountId })
        .onConflictDoUpdate({ target: [knownDevices.storeId, knownDevices.tokenHash], set: { lastSeenAt: now } });
    },
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
