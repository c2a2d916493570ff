import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { EXTERNAL_ID_TYPES } from '#domain/external-ids/entries.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, loginHistory } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';
import type { ClientDescription } from './device.ts';

/** An external-ID login is recorded with its provider as the method. */
export type ExternalLoginType = (typeof EXTERNAL_ID_TYPES)[number];
export type LoginType = 'password' | 'authCode' | ExternalLoginType;

export type LoginHistoryEntry = {
  id: string;
  at: Date;
  result: boolean;
  loginType: LoginType;
} & ClientDescription;

export const LOGIN_HISTORY_MAX_LIMIT = 100;

/** No account has this id (ids are random UUIDs): a stranger's attempt looks it up and finds nothing. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

export function createLoginHistoryRepo(db: Db) {
  return {
    /** One attempt on an existing account; `result` is true for a successful login. */
    async record(input: { accountId: string; result: boolean; loginType: LoginType; client: ClientDescription; at: Date }): Promise<void> {
      const { client } = input;
      await db.insert(loginHistory).values({
        storeId: scopedStoreId(),
        accountId: input.accountId,
        createdAt: input.at,
        result: input.result,
        loginType: input.loginType,
        deviceType: client.deviceType,
        deviceName: client.deviceName,
        browser: client.browser,
        country: client.country,
        ip: client.ip,
      });
    },
    /**
     * A failed attempt on the name typed: kept in the history of the member it names, when it
     * names one (accountId null: a stranger's name). One statement either way, the account looked
     * up by its key and its row written or none, so a stranger's failure does the same work as a
     * member's and takes as long (no answer time tells a member's address from another).
     */
    async recordFailure(input: { accountId: string | null; loginType: LoginType; client: ClientDescription; at: Date }): Promise<void> {
      const { client } = input;
      await db.execute(sql`
          insert into ${loginHistory} (store_id, account_id, created_at, result, login_type, device_type, device_name, browser, country, ip)
          select ${accounts.storeId}, ${accounts.id}, ${input.at.toISOString()}::timestamptz, false, ${input.loginType},
            ${client.deviceType}, ${client.deviceName}, ${client.browser}, ${client.country}, ${client.ip}
          from ${accounts}
          where ${accounts.storeId} = ${scopedStoreId()} and ${accounts.id} = ${input.accountId ?? NOBODY}::uuid`);
    },
    /** Newest first; `limit` is clamped to 1..100, `offset` (default 0) skips the newer entries. */
    async list(accountId: string, opts: { limit: number; offset?: number }): Promise<LoginHistoryEntry[]> {
      const storeId = scopedStoreId();
      const limit = Math.min(LOGIN_HISTORY_MAX_LIMIT, Math.max(1, Math.trunc(opts.limit)));
      const offset = Math.max(0, Math.trunc(opts.offset ?? 0));
      const rows = await db
        .select()
        .from(loginHistory)
        .where(and(eq(loginHistory.storeId, storeId), eq(loginHistory.accountId, accountId)))
        .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        at: r.createdAt,
        result: r.result,
        loginType: r.loginType as LoginType,
        deviceType: r.deviceType as ClientDescription['deviceType'],
        deviceName: r.deviceName,
        browser: r.browser,
        country: r.country,
        ip: r.ip,
      }));
    },
    /** How many attempts the member's history holds (for paging). */
    async count(accountId: string): Promise<number> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({ n: count() })
        .from(loginHistory)
        .where(and(eq(loginHistory.storeId, storeId), eq(loginHistory.accountId, accountId)));
      return Number(row?.n ?? 0);
    },
  };
}

export type LoginHistoryRepo = ReturnType<typeof createLoginHistoryRepo>;
