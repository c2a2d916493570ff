import { newToken, type SessionAccount, type SessionRepo } from './repo.ts';

const DAY = 86_400_000;
/** Sliding expiry is written at most once per hour per session, not on every request. */
const TOUCH_INTERVAL_MS = 3_600_000;

export function createSessionService(deps: { repo: SessionRepo; clock: () => Date; ttlDays: number }) {
  const { repo, clock } = deps;
  const expiry = (now: Date) => new Date(now.getTime() + deps.ttlDays * DAY);
  return {
    ttlSeconds: deps.ttlDays * 86_400,
    /** A new session (login rotates: the caller ends the old one first). Returns the raw token for the cookie. */
    async start(storeId: string, accountId: string): Promise<string> {
      const token = newToken();
      await repo.insert(storeId, accountId, token, expiry(clock()));
      return token;
    },
    async resolve(storeId: string, token: string | undefined): Promise<SessionAccount | null> {
      if (!token || token.length > 100) return null;
      const now = clock();
      const found = await repo.find(storeId, token, now);
      if (!found) return null;
      if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touch(storeId, token, now, expiry(now));
      const { lastSeenAt: _seen, ...account } = found;
      return account;
    },
    end: (storeId: string, token: string) => repo.delete(storeId, token),
    endAll: (storeId: string, accountId: string) => repo.deleteAllOf(storeId, accountId),
    isKnownDevice: (storeId: string, accountId: string, token: string | undefined) =>
      token ? repo.isKnownDevice(storeId, accountId, token) : Promise.resolve(false),
    async rememberDevice(storeId: string, accountId: string, token: string | undefined): Promise<string> {
      const t = token && token.length <= 100 ? token : newToken();
      await repo.rememberDevice(storeId, accountId, t, clock());
      return t;
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
