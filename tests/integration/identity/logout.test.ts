import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  browser,
  cookieAttributes,
  countRows,
  type Harness,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  mailsTo,
  midoriDoc,
  seedMember,
  uniqueEmail,
} from './support.ts';

// Logout is the /logout page's screen data: loading it ends the session, but only when the
// viewer navigated there (never for a page of another site that embeds or links it).

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

async function signedIn() {
  const email = uniqueEmail('logout');
  const account = await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
  const b = browser(h, MIDORI);
  expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
  return { b, email, account, sid: b.jar.get('sid') ?? '' };
}

const sessionsOf = (accountId: string) => countRows(h, sessions, eq(sessions.accountId, accountId));

describe('logout', () => {
  it('ends the session on the server and clears sid and auid; the device stays known', async () => {
    const { b, email, account, sid } = await signedIn();
    const other = browser(h, MIDORI);
    await loginWithPassword(other, email, MIDORI_PASSWORD);
    expect(await sessionsOf(account.id)).toBe(2);

    const a = await b.screen('/logout', { 'sec-fetch-site': 'same-origin' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectSeconds: 10, loggedOut: true });
    const sidCleared = cookieAttributes(a.setCookies, 'sid');
    expect([sidCleared?.get('value'), sidCleared?.get('max-age'), sidCleared?.has('httponly')]).toEqual(['', '0', true]);
    expect(cookieAttributes(a.setCookies, 'auid')?.get('max-age')).toBe('0');
    expect(cookieAttributes(a.setCookies, 'latid')).toBeNull();
    expect(await b.authId()).toBe('');

    // The old sid no longer resolves, even when replayed; the other browser stays signed in.
    const replay = browser(h, MIDORI);
    replay.jar.set('sid', sid);
    expect(await replay.authId()).toBe('');
    expect(await sessionsOf(account.id)).toBe(1);
    expect(await other.authId()).toBe(account.publicId);

    // latid was kept: logging in again from this browser is not a new device.
    const alerts = (await mailsTo(h, email, 'loginAlert')).length;
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    expect(await mailsTo(h, email, 'loginAlert')).toHaveLength(alerts);
  });

  it('a typed address or bookmark (Sec-Fetch-Site none, or no header) logs out too', async () => {
    const typed = await signedIn();
    await typed.b.screen('/logout', { 'sec-fetch-site': 'none' });
    expect(await sessionsOf(typed.account.id)).toBe(0);

    const old = await signedIn();
    await old.b.screen('/logout');
    expect(await sessionsOf(old.account.id)).toBe(0);
  });

  it('does not end the session for a request from another site, or from a sibling store', async () => {
    const { b, account } = await signedIn();
    for (const site of ['cross-site', 'same-site']) {
      const a = await b.screen('/logout', { 'sec-fetch-site': site });
      expect(a.status, site).toBe(200);
      expect(a.setCookies, site).toEqual([]);
      // The page does not claim a logout that did not happen: it asks the member to confirm.
      expect(a.body, site).toEqual({ redirectSeconds: 10, loggedOut: false });
    }
    expect(await sessionsOf(account.id)).toBe(1);
    expect(await b.authId()).toBe(account.publicId);
  });

  it('is harmless for a guest', async () => {
    const a = await browser(h, MIDORI).screen('/logout', { 'sec-fetch-site': 'same-origin' });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectSeconds: 10, loggedOut: true });
  });
});
