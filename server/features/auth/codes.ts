// One-time e-mail codes (sign-up, code login, e-mail change, password setting, withdrawal).
// Only HMAC-SHA256(secret, store|email|purpose|code) is stored; a code is bound to all four.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors.ts';
import { AUTH_CODE_LENGTH } from '#domain/validation/login.ts';
import type { Db } from '#server/db/client.ts';
import { authCodes } from '#server/db/schema.ts';
import { canonicalEmail } from '#server/features/accounts/email.ts';
import { tooManyRequests } from './rate-limit.ts';

export const AUTH_CODE_PURPOSES = ['signUp', 'login', 'mailEdit', 'passwordSetting', 'withdraw'] as const;
export type AuthCodePurpose = (typeof AUTH_CODE_PURPOSES)[number];

export type AuthCodeLimits = {
  /** Wrong entries after which the code is dead (the right code then fails too). */
  maxFailedAttempts: number;
  /** Codes per store + address + purpose in a rolling window of `issueWindowSeconds`. */
  maxIssuesPerWindow: number;
  issueWindowSeconds: number;
  /** Minimum time between two codes for the same store + address + purpose. */
  resendIntervalSeconds: number;
};

export const AUTH_CODE_LIMITS: AuthCodeLimits = {
  maxFailedAttempts: 5,
  maxIssuesPerWindow: 5,
  issueWindowSeconds: 60 * 60,
  resendIntervalSeconds: 30,
};

type Target = { storeId: string; email: string; purpose: AuthCodePurpose };

const pinCodeError = () => new AppError('PIN_CODE_ERROR', { field: 'pinCode', message: 'authCode.failed' });
const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

export function createAuthCodeService(deps: { db: Db; clock: () => Date; secret: Buffer; limits?: Partial<AuthCodeLimits> }) {
  const { db, clock, secret } = deps;
  const limits = { ...AUTH_CODE_LIMITS, ...deps.limits };

  const digest = (t: Target, code: string) =>
    createHmac('sha256', secret)
      .update(`${t.storeId}|${canonicalEmail(t.email)}|${t.purpose}|${code}`)
      .digest();

  const scope = (t: Target) =>
    and(eq(authCodes.storeId, t.storeId), eq(authCodes.email, canonicalEmail(t.email)), eq(authCodes.purpose, t.purpose));

  return {
    /**
     * A new code for the address; older live codes of the same store + address + purpose stop
     * working. TOO_MANY_REQUESTS (with retryAfterSeconds) within 30 s of the previous code or
     * after 5 codes in the rolling hour.
     */
    async issue(input: Target & { validityMinutes: number }): Promise<{ code: string; expiresAt: Date }> {
      const now = clock();
      const code = String(randomInt(0, 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
      const expiresAt = new Date(now.getTime() + input.validityMinutes * 60_000);
      const lockKey = `auth-code|${input.storeId}|${canonicalEmail(input.email)}|${input.purpose}`;
      await db.transaction(async (tx) => {
        // Serialises issuance per address and purpose across processes, so the limits hold under races.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
        const windowStart = new Date(now.getTime() - limits.issueWindowSeconds * 1000);
        const recent = await tx
          .select({ createdAt: authCodes.createdAt })
          .from(authCodes)
          .where(and(scope(input), gt(authCodes.createdAt, windowStart)))
          .orderBy(asc(authCodes.createdAt));
        const last = recent.at(-1);
        const oldest = recent[recent.length - limits.maxIssuesPerWindow];
        const resendWait = last ? limits.resendIntervalSeconds - seconds(last.createdAt, now) : 0;
        const hourlyWait = oldest ? limits.issueWindowSeconds - seconds(oldest.createdAt, now) : 0;
        if (hourlyWait > 0 && hourlyWait >= resendWait) throw tooManyRequests(hourlyWait, { messageKey: 'authCode.tooMany' });
        if (resendWait > 0) throw tooManyRequests(resendWait, { messageKey: 'authCode.wait' });
        await tx
          .update(authCodes)
          .set({ expiresAt: now })
          .where(and(scope(input), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, now)));
        await tx.insert(authCodes).values({
          storeId: input.storeId,
          email: canonicalEmail(input.email),
          purpose: input.purpose,
          codeHash: digest(input, code).toString('hex'),
          createdAt: now,
          expiresAt,
        });
      });
      return { code, expiresAt };
    },

    /**
     * Consumes the live code when `code` is right; otherwise PIN_CODE_ERROR on field pinCode.
     * A wrong entry counts against the code; after 5 the code is dead even for the right value.
     * The row is locked for the check, so parallel attempts are counted one by one and at most
     * one of them can consume the code.
     */
    async verify(input: Target & { code: string }): Promise<true> {
      const now = clock();
      const candidate = digest(input, input.code.trim());
      const ok = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: authCodes.id, codeHash: authCodes.codeHash })
          .from(authCodes)
          .where(
            and(
              scope(input),
              isNull(authCodes.consumedAt),
              gt(authCodes.expiresAt, now),
              lt(authCodes.failedAttempts, limits.maxFailedAttempts),
            ),
          )
          .orderBy(desc(authCodes.createdAt))
          .limit(1)
          .for('update');
        if (!row) return false;
        const stored = Buffer.from(row.codeHash, 'hex');
        const live = and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt), lt(authCodes.failedAttempts, limits.maxFailedAttempts));
        if (stored.length === candidate.length && timingSafeEqual(stored, candidate)) {
          const used = await tx.update(authCodes).set({ consumedAt: now }).where(live).returning({ id: authCodes.id });
          return used.length === 1;
        }
        await tx
          .update(authCodes)
          .set({ failedAttempts: sql`${authCodes.failedAttempts} + 1` })
          .where(live);
        return false;
      });
      if (!ok) throw pinCodeError();
      return true;
    },

    /** Deletes codes created before `before` (they no longer count for the hourly limit either). */
    async purge(before: Date): Promise<number> {
      const rows = await db.delete(authCodes).where(lt(authCodes.createdAt, before)).returning({ id: authCodes.id });
      return rows.length;
    },
  };
}

export type AuthCodeService = ReturnType<typeof createAuthCodeService>;
