// One-time e-mail codes (sign-up, code login, e-mail change, password setting, withdrawal).
// Only HMAC-SHA256(secret, store|email|purpose|code) is stored; a code is bound to all four.
// The rules of each purpose (flows, delivery, wrong entries) are the business of service.ts.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors.ts';
import { AUTH_CODE_LENGTH } from '#domain/validation/login.ts';
import type { Db } from '#server/db/client.ts';
import { authCodes } from '#server/db/schema.ts';
import { acrossStores, scopedStoreId } from '#server/db/scope.ts';
import { canonicalEmail } from '#server/platform/accounts/email.ts';

import type { AuthCodePurpose } from './purposes.ts';

/** A code's address and purpose; its store is the store of the database scope (decision 0040). */
export type Target = { email: string; purpose: AuthCodePurpose };

const pinCodeError = () => new AppError('PIN_CODE_ERROR', { field: 'pinCode', message: 'authCode.failed' });

/** `secret` is the server's HMAC key, read from the database on first use (secrets.ts). */
export function createCodeRepo(deps: { db: Db; clock: () => Date; secret: () => Promise<Buffer> }) {
  const { db, clock } = deps;
  let secret: Promise<Buffer> | null = null;
  const key = () => {
    secret ??= deps.secret();
    return secret;
  };

  const digest = async (storeId: string, t: Target, code: string) =>
    createHmac('sha256', await key())
      .update(`${storeId}|${canonicalEmail(t.email)}|${t.purpose}|${code}`)
      .digest();

  const scope = (storeId: string, t: Target) =>
    and(eq(authCodes.storeId, storeId), eq(authCodes.email, canonicalEmail(t.email)), eq(authCodes.purpose, t.purpose));

  return {
    /**
     * A new code for the address; older live codes of the same store + address + purpose stop
     * working. How often codes may be asked for is the business of send-limits.ts, before this.
     */
    async issue(input: Target & { validityMinutes: number }): Promise<{ code: string; expiresAt: Date }> {
      const now = clock();
      const code = String(randomInt(0, 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
      const expiresAt = new Date(now.getTime() + input.validityMinutes * 60_000);
      const storeId = scopedStoreId();
      const codeHash = (await digest(storeId, input, code)).toString('hex');
      await db.transaction(async (tx) => {
        // One issue at a time per address and purpose, so parallel requests leave one live code.
        const lockKey = `auth-code|${storeId}|${canonicalEmail(input.email)}|${input.purpose}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
        await tx
          .update(authCodes)
          .set({ expiresAt: now })
          .where(and(scope(storeId, input), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, now)));
        await tx.insert(authCodes).values({
          storeId,
          email: canonicalEmail(input.email),
          purpose: input.purpose,
          codeHash,
          createdAt: now,
          expiresAt,
        });
      });
      return { code, expiresAt };
    },

    /**
     * Consumes the live code when `code` is right; otherwise PIN_CODE_ERROR on field pinCode.
     * Wrong entries are counted by the caller against its flow and the client (service.ts), not
     * against the code: a stranger's guesses cannot kill the code in the owner's mailbox. The row
     * is locked for the check, so at most one of parallel attempts consumes the code.
     */
    async verify(input: Target & { code: string }): Promise<true> {
      const now = clock();
      const storeId = scopedStoreId();
      const candidate = await digest(storeId, input, input.code.trim());
      const ok = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: authCodes.id, codeHash: authCodes.codeHash })
          .from(authCodes)
          .where(and(scope(storeId, input), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, now)))
          .orderBy(desc(authCodes.createdAt))
          .limit(1)
          .for('update');
        if (!row) return false;
        const stored = Buffer.from(row.codeHash, 'hex');
        if (!(stored.length === candidate.length && timingSafeEqual(stored, candidate))) return false;
        const used = await tx
          .update(authCodes)
          .set({ consumedAt: now })
          .where(and(eq(authCodes.storeId, storeId), eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
          .returning({ id: authCodes.id });
        return used.length === 1;
      });
      if (!ok) throw pinCodeError();
      return true;
    },

    /** Deletes codes created before `before` (they no longer count for the hourly limit either). */
    async purge(before: Date): Promise<number> {
      const rows = await acrossStores(() => db.delete(authCodes).where(lt(authCodes.createdAt, before)).returning({ id: authCodes.id }));
      return rows.length;
    },
  };
}

export type CodeRepo = ReturnType<typeof createCodeRepo>;
