import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accounts, knownDevices, sessions } from '#server/db/schema.ts';

export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export type SessionAccount = { accountId: string; publicId: string; email: string; storeId: string; language: string };

export function createSessionRepo(db: Db) {
  return {
    async insert(storeId: string, accountId: string, token: string, expiresAt: Date) {
      await db.insert(sessions).values({ idHash: tokenHash(token), storeId, accountId, expiresAt });
    },
    /** The live session's account; only a session of this store counts. */
    async find(storeId: string, token: string, now: Date): Promise<(SessionAccount & { lastSeenAt: Date }) | null> {
      const [row] = await db
        .select({
          accountId: accounts.id,
          publicId: accounts.publicId,
          email: accounts.email,
          storeId: sessions.storeId,
          language: accounts.language,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(and(eq(sessions.idHash, tokenHash(token)), eq(sessions.storeId, storeId), gt(sessions.expiresAt, now)));
      return row ?? null;
    },
    async touch(token: string, now: Date, expiresAt: Date) {
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt })
        .where(eq(sessions.idHash, tokenHash(token)));
    },
    async delete(storeId: string, token: string) {
      await db.delete(sessions).where(and(eq(sessions.idHash, tokenHash(token)), eq(sessions.storeId, storeId)));
    },
    async deleteAllOf(storeId: string, accountId: string) {
      await db.delete(sessions).where(and(eq(sessions.storeId, storeId), eq(sessions.accountId, accountId)));
    },
    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
    async countFor(accountId: string): Promise<number> {
      return (await db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.accountId, accountId))).length;
    },
    async isKnownDevice(storeId: string, accountId: string, token: string): Promise<boolean> {
      const [row] = await db
        .select({ t: knownDevices.tokenHash })
        .from(knownDevices)
        .where(and(eq(knownDevices.tokenHash, tokenHash(token)), eq(knownDevices.storeId, storeId), eq(knownDevices.accountId, accountId)));
      return Boolean(row);
    },
    async rememberDevice(storeId: string, accountId: string, token: string, now: Date) {
      await db
        .insert(knownDevices)
        .values({ tokenHash: tokenHash(token), storeId, accountId })
        .onConflictDoUpdate({ target: knownDevices.tokenHash, set: { lastSeenAt: now } });
    },
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
