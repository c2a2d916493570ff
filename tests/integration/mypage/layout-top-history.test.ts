import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStore } from '#server/db/scope.ts';
import { describeClient } from '#server/platform/auth/device.ts';
import { createLoginHistoryRepo } from '#server/platform/auth/login-history.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  HIKARI,
  HIKARI_PASSWORD,
  hikariDoc,
  latestCode,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  midoriDoc,
  seedMember,
  uniqueEmail,
  uniqueUserId,
} from '../identity/support.ts';

// Issue 8, helper A: the account top (/mypage), the login history and the account-header data.
// Every My Page loader: a guest goes to login and back; a member gets their own data only.

const h = await createHarness();
afterAll(() => h.close());

const APP_UA = 'Mozilla/5.0 (Linux; Android 14) StoreApp/2.1';
const history = createLoginHistoryRepo(h.database.db);
const client = describeClient(
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  '203.0.113.9',
);

beforeAll(async () => {
  // hikari: user IDs, passwords, newsletter, PIN code, connected apps, profile images.
  await h.apply(hikariDoc({ features: { userId: true, newsletter: true, pinCode: true, oidcConnections: true, profileImage: true } }));
  // midori: privacy only, no profile image; the defaults otherwise.
  await h.apply(midoriDoc({ features: { privacy: true } }));
});

async function member(host: string, storeId: string, opts: { userId?: string; password?: string; headers?: Record<string, string> } = {}) {
  const email = uniqueEmail(`mp-${storeId}`);
  const password = opts.password ?? (storeId === 'hikari' ? HIKARI_PASSWORD : MIDORI_PASSWORD);
  const account = await seedMember(h, storeId, { email, password, userId: opts.userId, at: new Date('2026-05-01T03:04:05Z') });
  const b = browser(h, host, { headers: opts.headers });
  const login = await loginWithPassword(b, email, password);
  expect(login.status).toBe(200);
  return { b, email, account };
}

const MYPAGE_ROUTES = ['/mypage', '/mypage/login-history?page=2'];

describe('every page of this slice sends a guest to login and back', () => {
  it.each(MYPAGE_ROUTES)('%s', async (route) => {
    const a = await browser(h, HIKARI).screen(route);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectTo: `/login?redirectTo=${encodeURIComponent(route)}` });
  });

  it("treats another store's member as a guest (the session is the other store's)", async () => {
    const { b } = await member(MIDORI, 'midori');
    const onHikari = browser(h, HIKARI);
    for (const name of ['sid', 'auid']) onHikari.jar.set(name, b.jar.get(name) ?? '');
    const a = await onHikari.screen('/mypage');
    expect(a.body).toEqual({ redirectTo: '/login?redirectTo=%2Fmypage' });
  });
});

describe('/mypage', () => {
  it('gives a hikari member every account row and the privacy rows of the flags', async () => {
    const userId = uniqueUserId();
    const { b, email } = await member(HIKARI, 'hikari', { userId });
    const a = await b.screen('/mypage');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      email,
      userId,
      accountRows: [
        { kind: 'email', href: '/mypage/email/edit' },
        { kind: 'userId', href: '/mypage/user-id/edit', hasUserId: true },
        { kind: 'password', href: '/mypage/password/edit', hasPassword: true, updatedAt: '2026-05-01T03:04:05.000Z' },
        { kind: 'registration', href: '/mypage/edit' },
        { kind: 'profileImage', href: '/mypage/profile/edit' },
      ],
      privacyRows: ['loginHistory', 'newsletter', 'pinCode', 'connections', 'withdrawal'],
      contracted: [],
      watchable: [],
    });
  });

  it('gives a midori member only the rows of its flags', async () => {
    const { b } = await member(MIDORI, 'midori');
    const a = await b.screen('/mypage');
    expect(a.body.userId).toBeNull();
    expect(a.body.accountRows.map((r: { kind: string }) => r.kind)).toEqual(['email', 'password', 'registration']);
    expect(a.body.privacyRows).toEqual(['loginHistory', 'privacy', 'withdrawal']);
  });

  it('hides the profile image, connected apps and withdrawal in the app', async () => {
    const { b } = await member(HIKARI, 'hikari', { userId: uniqueUserId(), headers: { 'user-agent': APP_UA } });
    const a = await b.screen('/mypage');
    expect(a.body.accountRows.map((r: { kind: string }) => r.kind)).toEqual(['email', 'userId', 'password', 'registration']);
    expect(a.body.privacyRows).toEqual(['loginHistory', 'newsletter', 'pinCode']);
  });

  it('sends a member without a password to the password setting from both credential rows', async () => {
    const email = uniqueEmail('mp-nopw');
    await seedMember(h, 'hikari', { email });
    // A member without a password logs in by code.
    const b = browser(h, HIKARI);
    expect((await b.post('/login/code', { emailUserId: email })).status).toBe(200);
    await h.drainMail();
    expect((await b.post('/login', { authCode: await latestCode(h, email), userIdentifierMethod: 'AuthCode' })).status).toBe(200);
    const a = await b.screen('/mypage');
    expect(a.body.accountRows).toContainEqual({ kind: 'password', href: '/mypage/enable-password', hasPassword: false, updatedAt: null });
    expect(a.body.accountRows).toContainEqual({ kind: 'userId', href: '/mypage/enable-password', hasUserId: false });
  });
});

async function seedHistory(storeId: string, accountId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await inStore(storeId, () =>
      history.record({
        accountId,
        result: i % 5 !== 4,
        loginType: i % 2 === 0 ? 'password' : 'authCode',
        client,
        at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      }),
    );
  }
}

describe('/mypage/login-history', () => {
  let alice: { b: Browser; account: { id: string } };
  beforeAll(async () => {
    alice = await member(HIKARI, 'hikari', { userId: uniqueUserId() });
    await seedHistory('hikari', alice.account.id, 24);
  });

  it('shows the newest 20 first, in JST, with the columns of the spec', async () => {
    const a = await alice.b.screen('/mypage/login-history');
    expect(a.status).toBe(200);
    // 24 seeded + the login of member() (the newest).
    expect(a.body).toMatchObject({ currentPage: 1, lastPage: 2, perPage: 20, totalCount: 25 });
    expect(a.body.rows).toHaveLength(20);
    expect(a.body.rows[0]).toMatchObject({ result: 'success', loginType: 'password' });
    expect(a.body.rows[1]).toEqual({
      dateTime: '2026/01/01 09:00:23',
      result: 'success',
      loginType: 'authCode',
      deviceName: 'Mac OS',
      deviceType: 'desktop',
      browser: 'Safari',
      country: '-',
      ip: '203.0.113.9',
    });
  });

  it('pages with ?page=N; a page past the end or a bad number shows the last or the first', async () => {
    const two = await alice.b.screen('/mypage/login-history?page=2');
    expect(two.body).toMatchObject({ currentPage: 2, lastPage: 2 });
    expect(two.body.rows.map((r: { dateTime: string }) => r.dateTime)).toEqual([
      '2026/01/01 09:00:04',
      '2026/01/01 09:00:03',
      '2026/01/01 09:00:02',
      '2026/01/01 09:00:01',
      '2026/01/01 09:00:00',
    ]);
    expect(two.body.rows[0].result).toBe('failure');
    expect((await alice.b.screen('/mypage/login-history?page=99')).body.currentPage).toBe(2);
    expect((await alice.b.screen('/mypage/login-history?page=-1')).body.currentPage).toBe(1);
    expect((await alice.b.screen('/mypage/login-history?page=abc')).body.currentPage).toBe(1);
  });

  it("shows a member only their own history, never another member's of the same or another store", async () => {
    const bob = await member(HIKARI, 'hikari', { userId: uniqueUserId() });
    const a = await bob.b.screen('/mypage/login-history');
    expect(a.body).toMatchObject({ totalCount: 1, lastPage: 1 });
    const carol = await member(MIDORI, 'midori');
    await seedHistory('midori', carol.account.id, 3);
    expect((await carol.b.screen('/mypage/login-history')).body.totalCount).toBe(4);
    expect((await alice.b.screen('/mypage/login-history')).body.totalCount).toBe(25);
  });
});

describe('GET /zapi/internal/account-header/screen-data', () => {
  it('answers a guest with no one and no image', async () => {
    const a = await browser(h, HIKARI).get('/zapi/internal/account-header/screen-data');
    expect(a.body).toEqual({ authId: '', profileImageUrl: null });
  });

  it('answers a member with their authId and their image (none yet)', async () => {
    const { b } = await member(HIKARI, 'hikari', { userId: uniqueUserId() });
    const a = await b.get('/zapi/internal/account-header/screen-data');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ authId: await b.authId(), profileImageUrl: null });
    expect(a.body.authId).not.toBe('');
  });
});
