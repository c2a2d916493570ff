import { newToken, type SessionAccount, type SessionRepo } from './repo.ts';

const DAY = 86_400_000;
/** Sliding expiry is written at most once per hour per session, not on every request. */
const TOUCH_INTERVAL_MS = 3_600_000;

/** The session and device tokens the browser holds (its sid and latid cookies). */
export type BrowserTokens = { sid: string | undefined; latid: string | undefined };

export function createSessionService(deps: { repo: SessionRepo; clock: () => Date; ttlDays: number }) {
  const { repo, clock } = deps;
  const expiry = (now: Date) => new Date(now.getTime() + deps.ttlDays * DAY);
  async function rememberDevice(accountId: string, token: string | undefined): Promise<string> {
    const t = token && token.length <= 100 ? token : newToken();
    await repo.rememberDevice(accountId, t, clock());
    return t;
  }

  return {
    ttlSeconds: deps.ttlDays * 86_400,
    /**
     * Signs the member in: ends the session the browser had (rotation), starts a new one and
     * remembers the device. Returns the new tokens for the cookies (sid, latid) and whether this
     * device was new to the account (the caller sends the login alert).
     */
    async signIn(accountId: string, browser: BrowserTokens): Promise<{ sid: string; latid: string; newDevice: boolean }> {
      if (browser.sid) await repo.delete(browser.sid);
      const token = newToken();
      const now = clock();
      await repo.insert(accountId, token, expiry(now), now);
      const known = browser.latid ? await repo.isKnownDevice(accountId, browser.latid) : false;
      const latid = await rememberDevice(accountId, browser.latid);
      return { sid: token, latid, newDevice: !known };
    },
    async resolve(token: string | undefined): Promise<SessionAccount | null> {
      if (!token || token.length > 100) return null;
      const now = clock();
      const found = await repo.find(token, now);
      if (!found) return null;
      if (now.getTime() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touch(token, now, expiry(now));
      const { lastSeenAt: _seen, ...account } = found;
      return account;
    },
    end: (token: string) => repo.delete(token),
    endAll: (accountId: string) => repo.deleteAllOf(accountId),
    /** Ends the account's other sessions; the one `keepToken` names (the caller's) stays. */
    endOthers: (accountId: string, keepToken: string) => repo.deleteOthersOf(accountId, keepToken),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
