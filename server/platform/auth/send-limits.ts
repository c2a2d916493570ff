// Limits on mail that anyone can make the server send (sign-up and login codes, reset links), with
// counters in PostgreSQL like the login throttle. The reasoning and the numbers are in
// docs/decisions/0009-mail-queue-and-send-limits.md; in short, every limit that can refuse
// (429) is counted per requesting client (or store-wide), never per member, so a stranger cannot
// deny the owner of an address; what is counted per address only stops further mail, and the code
// already sent stays usable.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { throttleCounters } from '#server/db/schema.ts';
import { acrossStores, scopedStoreId } from '#server/db/scope.ts';
import { canonicalEmail } from '#server/platform/accounts/email.ts';
import { tooManyRequests } from './rate-limit.ts';

export type SendPurpose = 'signUp' | 'login' | 'passwordReset' | 'mailEdit' | 'passwordSetting' | 'withdraw';

export type SendLimits = {
  /** Mails one client address may ask for, per store, in a rolling window (then 429 for that client). */
  perClient: { max: number; windowSeconds: number };
  /** Mails the whole store may be asked for in a window (then 429 for everyone: mail reputation). */
  perStore: { max: number; windowSeconds: number };
  /** One client asking again for the same name and purpose waits this long (then 429 with the wait). */
  resendSeconds: number;
  /** Mails to one address per purpose in a window; beyond, no mail is sent and the last code stays usable. */
  perAddress: { max: number; windowSeconds: number };
  /** Wrong codes one client address may enter per store in a window (then 429 for that client). */
  wrongCodesPerClient: { max: number; windowSeconds: number };
};

export const SEND_LIMITS: SendLimits = {
  perClient: { max: 20, windowSeconds: 3600 },
  perStore: { max: 3000, windowSeconds: 3600 },
  resendSeconds: 30,
  perAddress: { max: 5, windowSeconds: 3600 },
  wrongCodesPerClient: { max: 30, windowSeconds: 3600 },
};

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

export function createSendLimits(db: Db, clock: () => Date, overrides: Partial<SendLimits> = {}) {
  const limits = { ...SEND_LIMITS, ...overrides };

  /**
   * Counts one event under `key` in a fixed window that starts with its first event; returns the
   * count in the window and when the window ends. One statement, so parallel requests count one by one.
   * The counters are the store's of the database scope (decision 0040).
   */
  async function hit(key: string, windowSeconds: number): Promise<{ count: number; endsAt: Date }> {
    const storeId = scopedStoreId();
    const now = clock();
    const at = sql`${now.toISOString()}::timestamptz`;
    const t = throttleCounters;
    const expired = sql`${t.windowStartedAt} <= ${at} - (${Math.trunc(windowSeconds)}::integer * interval '1 second')`;
    const [row] = await db
      .insert(t)
      .values({ storeId, key, failures: 1, windowStartedAt: now, lastFailureAt: now })
      .onConflictDoUpdate({
        target: [t.storeId, t.key],
        set: {
          failures: sql`case when ${expired} then 1 else ${t.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${at} else ${t.windowStartedAt} end`,
          lastFailureAt: at,
        },
      })
      .returning({ count: t.failures, startedAt: t.windowStartedAt });
    const startedAt = row?.startedAt ?? now;
    return { count: row?.count ?? 1, endsAt: new Date(startedAt.getTime() + windowSeconds * 1000) };
  }

  /** The last event under `key`, or null. */
  async function last(key: string): Promise<Date | null> {
    const storeId = scopedStoreId();
    const [row] = await db
      .select({ at: throttleCounters.lastFailureAt })
      .from(throttleCounters)
      .where(and(eq(throttleCounters.storeId, storeId), eq(throttleCounters.key, key)));
    return row?.at ?? null;
  }

  const waitUntil = (endsAt: Date) => (endsAt.getTime() - clock().getTime()) / 1000;

  return {
    limits,
    /**
     * A client asks for a mail (`name` is what it typed: an address or a user ID). Refuses with 429
     * when this client asked for the same name and purpose within 30 s, when the client or the store
     * is over its hourly cap. The answer never depends on whether the name belongs to a member.
     */
    async request(input: { clientIp: string; purpose: SendPurpose; name: string }): Promise<void> {
      const { clientIp, purpose } = input;
      const resendKey = `send:again:${purpose}:${hashed(`${clientIp}|${input.name.trim().toLowerCase()}`)}`;
      const previous = await last(resendKey);
      if (previous) {
        const wait = limits.resendSeconds - (clock().getTime() - previous.getTime()) / 1000;
        if (wait > 0) throw tooManyRequests(wait, { messageKey: 'authCode.wait' });
      }
      const client = await hit(`send:client:${clientIp}`, limits.perClient.windowSeconds);
      if (client.count > limits.perClient.max) throw tooManyRequests(waitUntil(client.endsAt), { messageKey: 'authCode.tooMany' });
      const store = await hit('send:store', limits.perStore.windowSeconds);
      if (store.count > limits.perStore.max) throw tooManyRequests(waitUntil(store.endsAt), { messageKey: 'authCode.tooMany' });
      await hit(resendKey, limits.resendSeconds);
    },

    /** Whether one more mail may go to this address for this purpose (counted when it may). */
    async addressAllows(purpose: SendPurpose, email: string): Promise<boolean> {
      const { count } = await hit(`send:address:${purpose}:${hashed(canonicalEmail(email))}`, limits.perAddress.windowSeconds);
      return count <= limits.perAddress.max;
    },

    /** Before checking a code: refuses a client that entered too many wrong codes in this store. */
    async assertMayTryCode(clientIp: string): Promise<void> {
      const storeId = scopedStoreId();
      const key = `code:wrong:${clientIp}`;
      const [row] = await db
        .select({ count: throttleCounters.failures, startedAt: throttleCounters.windowStartedAt })
        .from(throttleCounters)
        .where(and(eq(throttleCounters.storeId, storeId), eq(throttleCounters.key, key)));
      if (!row) return;
      const endsAt = new Date(row.startedAt.getTime() + limits.wrongCodesPerClient.windowSeconds * 1000);
      if (endsAt > clock() && row.count >= limits.wrongCodesPerClient.max) throw tooManyRequests(waitUntil(endsAt));
    },

    /** Deletes this module's counters whose longest window is over (housekeeping, every store). */
    async purge(): Promise<number> {
      const longest = Math.max(
        limits.perClient.windowSeconds,
        limits.perStore.windowSeconds,
        limits.perAddress.windowSeconds,
        limits.wrongCodesPerClient.windowSeconds,
      );
      const before = new Date(clock().getTime() - longest * 1000);
      const rows = await acrossStores(() =>
        db
          .delete(throttleCounters)
          .where(
            sql`(${throttleCounters.key} like 'send:%' or ${throttleCounters.key} like 'code:%') and ${throttleCounters.windowStartedAt} <= ${before.toISOString()}::timestamptz`,
          )
          .returning({ key: throttleCounters.key }),
      );
      return rows.length;
    },

    /** Counts a wrong code against the client address. */
    async recordWrongCode(clientIp: string): Promise<void> {
      await hit(`code:wrong:${clientIp}`, limits.wrongCodesPerClient.windowSeconds);
    },
  };
}

export type SendLimiter = ReturnType<typeof createSendLimits>;
