// Password-login throttling, with counters in PostgreSQL so every process sees the same numbers.
// Only password login consults it: code login and password reset stay open to the real owner of
// a blocked account (they are limited by code and mail issuance instead).
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { throttleCounters } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';

export type ThrottlePolicy = {
  /** Failures are counted in a window that starts with the first failure. */
  windowSeconds: number;
  account: {
    /** Failures in the window that cost nothing. */
    freeFailures: number;
    /** Wait after the last failure once freeFailures is reached: 1, 2, 4, ... s, capped. */
    firstDelaySeconds: number;
    maxDelaySeconds: number;
    /** Failures in the window that block the account's password login. */
    blockAfter: number;
    blockSeconds: number;
  };
  address: { blockAfter: number; blockSeconds: number };
};

/** See docs/decisions: at most about 40 wrong passwords an hour per account (ASVS L2 allows 100). */
export const LOGIN_THROTTLE: ThrottlePolicy = {
  windowSeconds: 15 * 60,
  account: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 30, blockAfter: 10, blockSeconds: 15 * 60 },
  address: { blockAfter: 30, blockSeconds: 15 * 60 },
};

/**
 * The user-ID availability check (POST /zapi/account/user-id/verify) answers whether an ID is
 * taken, so it is a way to list members' IDs. Each check counts as a "failure" here: per sign-up
 * flow (or member) 20 checks in 15 minutes are free, then waits grow to 30 s, and 40 block it; a
 * client address is blocked after 100. A viewer choosing an ID checks a handful.
 */
export const USER_ID_CHECK_THROTTLE: ThrottlePolicy = {
  windowSeconds: 15 * 60,
  account: { freeFailures: 20, firstDelaySeconds: 1, maxDelaySeconds: 30, blockAfter: 40, blockSeconds: 15 * 60 },
  address: { blockAfter: 100, blockSeconds: 15 * 60 },
};

/** The counters one attempt touches: the store's, per account (or name, flow) and per client address. */
export type ThrottleKeys = { storeId: string; account: string; address: string };
export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export const accountKey = (storeId: string, accountId: string) => `acct:${storeId}:${accountId}`;
/** For a login name that matches no account, so probing names is throttled the same way. */
export const loginNameKey = (storeId: string, name: string) =>
  `name:${storeId}:${createHash('sha256').update(name.trim().toLowerCase()).digest('hex')}`;
export const addressKey = (storeId: string, ip: string) => `ip:${storeId}:${ip}`;

type Counter = typeof throttleCounters.$inferSelect;

/** The delay owed after `failures` failures in the window (0 while they are free). */
export function accountDelaySeconds(failures: number, policy: ThrottlePolicy = LOGIN_THROTTLE): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = policy.account;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** (failures - freeFailures));
}

export function createLoginThrottle(db: Db, policy: ThrottlePolicy = LOGIN_THROTTLE) {
  const waitFor = (row: Counter, kind: 'account' | 'address', now: Date): number => {
    const ms = now.getTime();
    if (row.blockedUntil && row.blockedUntil.getTime() > ms) return (row.blockedUntil.getTime() - ms) / 1000;
    if (kind === 'address' || row.windowStartedAt.getTime() + policy.windowSeconds * 1000 <= ms) return 0;
    const until = row.lastFailureAt.getTime() + accountDelaySeconds(row.failures, policy) * 1000;
    return Math.max(0, (until - ms) / 1000);
  };

  const bump = async (storeId: string, key: string, rule: { blockAfter: number; blockSeconds: number }, now: Date) => {
    const at = sql`${now.toISOString()}::timestamptz`;
    const t = throttleCounters;
    // A new window starts when the old one has run out or a block has ended.
    const fresh = sql`(${t.windowStartedAt} <= ${at} - ${secondsInterval(policy.windowSeconds)}
      or (${t.blockedUntil} is not null and ${t.blockedUntil} <= ${at}))`;
    const failures = sql`(case when ${fresh} then 1 else ${t.failures} + 1 end)`;
    await db
      .insert(t)
      .values({
        storeId,
        key,
        failures: 1,
        windowStartedAt: now,
        lastFailureAt: now,
        blockedUntil: rule.blockAfter <= 1 ? blockEnd(now, rule) : null,
      })
      .onConflictDoUpdate({
        target: [t.storeId, t.key],
        set: {
          failures,
          windowStartedAt: sql`case when ${fresh} then ${at} else ${t.windowStartedAt} end`,
          lastFailureAt: at,
          blockedUntil: sql`case
            when ${failures} = ${rule.blockAfter} then ${at} + ${secondsInterval(rule.blockSeconds)}
            when ${fresh} then null
            else ${t.blockedUntil} end`,
        },
      });
  };

  return {
    /** Whether a password attempt may be checked now; if not, how long to wait (the longest wait of the keys). */
    async check(keys: ThrottleKeys, now: Date): Promise<ThrottleDecision> {
      const rows = await inStore(keys.storeId, () =>
        db
          .select()
          .from(throttleCounters)
          .where(and(eq(throttleCounters.storeId, keys.storeId), inArray(throttleCounters.key, [keys.account, keys.address]))),
      );
      let wait = 0;
      for (const row of rows) wait = Math.max(wait, waitFor(row, row.key === keys.account ? 'account' : 'address', now));
      return wait > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(wait) } : { allowed: true };
    },
    /** Counts a wrong password against the account (or login name) and the client address. */
    async recordFailure(keys: ThrottleKeys, now: Date): Promise<void> {
      await inStore(keys.storeId, async () => {
        await bump(keys.storeId, keys.account, policy.account, now);
        await bump(keys.storeId, keys.address, policy.address, now);
      });
    },
    /** A right password clears the account's counter (the address keeps its count). */
    async recordSuccess(keys: Pick<ThrottleKeys, 'storeId' | 'account'>): Promise<void> {
      await inStore(keys.storeId, () =>
        db.delete(throttleCounters).where(and(eq(throttleCounters.storeId, keys.storeId), eq(throttleCounters.key, keys.account))),
      );
    },
    /** Deletes counters whose window and block are both over. */
    async purge(now: Date): Promise<number> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = await acrossStores(() =>
        db
          .delete(throttleCounters)
          .where(
            sql`${throttleCounters.windowStartedAt} <= ${at} - ${secondsInterval(policy.windowSeconds)}
            and (${throttleCounters.blockedUntil} is null or ${throttleCounters.blockedUntil} <= ${at})
            and ${throttleCounters.key} not like 'send:%' and ${throttleCounters.key} not like 'code:%'`,
          )
          .returning({ key: throttleCounters.key }),
      );
      return rows.length;
    },
  };
}

const secondsInterval = (n: number) => sql`(${Math.trunc(n)}::integer * interval '1 second')`;

function blockEnd(now: Date, rule: { blockSeconds: number }): Date {
  return new Date(now.getTime() + rule.blockSeconds * 1000);
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
