import { and, count, desc, eq } from 'drizzle-orm';
import type { EXTERNAL_ID_TYPES } from '#domain/external-ids/entries.ts';
import type { Db } from '#server/db/client.ts';
import { loginHistory } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
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

export function createLoginHistoryRepo(db: Db) {
  return {
    /** One attempt on an existing account; `result` is true for a successful login. */
    async record(input: {
      storeId: string;
      accountId: string;
      result: boolean;
      loginType: LoginType;
      client: ClientDescription;
      at: Date;
    }): Promise<void> {
      const { client } = input;
      await inStore(input.storeId, () =>
        db.insert(loginHistory).values({
          storeId: input.storeId,
          accountId: input.accountId,
          createdAt: input.at,
          result: input.result,
          loginType: input.loginType,
          deviceType: client.deviceType,
          deviceName: client.deviceName,
          browser: client.browser,
          country: client.country,
          ip: client.ip,
        }),
      );
    },
    /** Newest first; `limit` is clamped to 1..100, `offset` (default 0) skips the newer entries. */
    async list(storeId: string, accountId: string, opts: { limit: number; offset?: number }): Promise<LoginHistoryEntry[]> {
      const limit = Math.min(LOGIN_HISTORY_MAX_LIMIT, Math.max(1, Math.trunc(opts.limit)));
      const offset = Math.max(0, Math.trunc(opts.offset ?? 0));
      const rows = await inStore(storeId, () =>
        db
          .select()
          .from(loginHistory)
          .where(and(eq(loginHistory.storeId, storeId), eq(loginHistory.accountId, accountId)))
          .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
          .limit(limit)
          .offset(offset),
      );
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
    async count(storeId: string, accountId: string): Promise<number> {
      const [row] = await inStore(storeId, () =>
        db
          .select({ n: count() })
          .from(loginHistory)
          .where(and(eq(loginHistory.storeId, storeId), eq(loginHistory.accountId, accountId))),
      );
      return Number(row?.n ?? 0);
    },
  };
}

export type LoginHistoryRepo = ReturnType<typeof createLoginHistoryRepo>;
