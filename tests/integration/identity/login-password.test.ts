import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistory, throttleCounters } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Answer,
  browser,
  cookieAttributes,
  countRows,
  type Harness,
  HIKARI,
  HIKARI_PASSWORD,
  hikariDoc,
  latestCode,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  MIDORI_PUBLIC,
  MINUTE,
  mailsTo,
  midoriDoc,
  movableClock,
  SECOND,
  seedMember,
  uniqueEmail,
  uniqueUserId,
  withoutRequestId,
} from './support.ts';

// Password login: answers, sessions, login history, alert mail for a new device, throttling.
// The app trusts a proxy here, so each test logs in from its own address (X-Forwarded-For) and
// the per-address counters of one test never reach another.

const clock = movableClock();
const DAY = 86_400 * SECOND;
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: 'true' }, clock.now);
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

let lastOctet = 0;
/** A public address in Japan, new for each call. */
const newIp = () => `133.242.${Math.floor(++lastOctet / 250)}.${(lastOctet % 250) + 1}`;

/** A browser on `host` coming from its own address. */
const visitor = (host: string, ip = newIp()) => browser(h, host, { headers: { 'x-forwarded-for': ip } });

async function midoriMember() {
  const email = uniqueEmail('login');
  const account = await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
  return { email, account };
}

const WRONG_EMAIL = { status: 401, code: 'LOGIN_FAILED', message: 'メールアドレスまたはパスワードが正しくありません。' };
const WRONG_USER_ID = { status: 401, code: 'LOGIN_FAILED', message: 'ユーザIDまたはパスワードが正しくありません。' };
const BLOCKED_MESSAGE = 'ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。';

const historyOf = (accountId: string) =>
  h.database.admin.select().from(loginHistory).where(eq(loginHistory.accountId, accountId)).orderBy(loginHistory.createdAt);

function expectSignedIn(a: Answer) {
  expect(a.status).toBe(200);
  expect(cookieAttributes(a.setCookies, 'sid')).not.toBeNull();
  expect(cookieAttributes(a.setCookies, 'auid')).not.toBeNull();
}

describe('password login', () => {
  it('logs in by e-mail (any letter case) and the page sees the member', async () => {
    const { email, account } = await midoriMember();
    const b = visitor(MIDORI);
    const a = await loginWithPassword(b, email.toUpperCase(), MIDORI_PASSWORD);
    expectSignedIn(a);
    expect(a.body).toEqual({ redirectTo: '/' });
    expect(b.jar.get('auid')).toBe(account.publicId);
    expect(await b.authId()).toBe(account.publicId);
    expect((await b.screen('/login')).body).toEqual({ redirectTo: '/' });
  });

  it('logs in by user ID on a store with user IDs', async () => {
    const userId = uniqueUserId();
    const account = await seedMember(h, 'hikari', { email: uniqueEmail('login-uid'), password: HIKARI_PASSWORD, userId });
    const b = visitor(HIKARI);
    expectSignedIn(await loginWithPassword(b, userId, HIKARI_PASSWORD));
    expect(await b.authId()).toBe(account.publicId);
  });

  it('a wrong password answers 401 LOGIN_FAILED with the text for the identifier used', async () => {
    const { email } = await midoriMember();
    const byEmail = await loginWithPassword(visitor(MIDORI), email, 'wrong2026pass');
    expect(byEmail.status).toBe(401);
    expect(withoutRequestId(byEmail.body)).toEqual(WRONG_EMAIL);
    expect(byEmail.setCookies).toEqual([]);

    const userId = uniqueUserId();
    await seedMember(h, 'hikari', { email: uniqueEmail('login-uid-wrong'), password: HIKARI_PASSWORD, userId });
    const byUserId = await loginWithPassword(visitor(HIKARI), userId, 'Wrong#2026pass');
    expect(withoutRequestId(byUserId.body)).toEqual(WRONG_USER_ID);
  });

  it('an unknown account answers exactly like a wrong password', async () => {
    const { email } = await midoriMember();
    const wrong = await loginWithPassword(visitor(MIDORI), email, 'wrong2026pass');
    const unknown = await loginWithPassword(visitor(MIDORI), uniqueEmail('nobody'), 'wrong2026pass');
    expect(unknown.status).toBe(wrong.status);
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(wrong.body));

    const userId = uniqueUserId();
    await seedMember(h, 'hikari', { email: uniqueEmail('login-uid-enum'), password: HIKARI_PASSWORD, userId });
    const wrongId = await loginWithPassword(visitor(HIKARI), userId, 'Wrong#2026pass');
    const unknownId = await loginWithPassword(visitor(HIKARI), uniqueUserId(), 'Wrong#2026pass');
    expect([unknownId.status, withoutRequestId(unknownId.body)]).toEqual([wrongId.status, withoutRequestId(wrongId.body)]);
  });

  it('refuses bad input with per-field messages and records nothing', async () => {
    const { account } = await midoriMember();
    const counters = await countRows(h, throttleCounters);
    const b = visitor(MIDORI);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ password: 'x' }, { emailUserId: 'メールアドレスを入力してください。' }],
      [{ emailUserId: 'a@example.jp' }, { password: 'パスワードを入力してください。' }],
      [{ emailUserId: 'a@example.jp', password: '' }, { password: 'パスワードを入力してください。' }],
      [{ emailUserId: 'abcdef12', password: 'x' }, { emailUserId: 'メールアドレスの形式が正しくありません。' }],
      [{ emailUserId: 'a@example.jp', password: 12345678 }, { password: 'パスワードを入力してください。' }],
      [{ emailUserId: 'a@example.jp', password: 'x', remember: true }, { remember: 'この項目は受け付けられません。' }],
    ];
    for (const [body, fields] of cases) {
      const a = await b.post('/login', body);
      expect(a.status, JSON.stringify(body)).toBe(400);
      expect(a.body, JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    const onHikari = await visitor(HIKARI).post('/login', { password: 'x' });
    expect(onHikari.body.fields).toEqual({ emailUserId: 'メールアドレスまたはユーザIDを入力してください。' });
    expect(await countRows(h, throttleCounters)).toBe(counters);
    expect(await historyOf(account.id)).toEqual([]);
  });

  it('rotates the session: the old sid stops working after a new login', async () => {
    const { email, account } = await midoriMember();
    const b = visitor(MIDORI);
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    const first = b.jar.get('sid') ?? '';
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    const second = b.jar.get('sid') ?? '';
    expect(second).not.toBe(first);
    expect(await b.authId()).toBe(account.publicId);

    const stale = visitor(MIDORI);
    stale.jar.set('sid', first);
    expect(await stale.authId()).toBe('');
  });

  it('a member without a password gets the usual failure for any password', async () => {
    const email = uniqueEmail('login-nopass');
    await seedMember(h, 'midori', { email });
    const a = await loginWithPassword(visitor(MIDORI), email, 'anything2026');
    expect(a.status).toBe(401);
    expect(withoutRequestId(a.body)).toEqual(WRONG_EMAIL);
  });

  it('a session lives 30 days from its last use', async () => {
    const { email, account } = await midoriMember();
    const b = visitor(MIDORI);
    const login = await loginWithPassword(b, email, MIDORI_PASSWORD);
    expect(cookieAttributes(login.setCookies, 'sid')?.get('max-age')).toBe(String(30 * 86_400));
    clock.advance(20 * DAY);
    expect(await b.authId()).toBe(account.publicId);
    clock.advance(20 * DAY);
    expect(await b.authId()).toBe(account.publicId);
    clock.advance(31 * DAY);
    expect(await b.authId()).toBe('');
  });

  it('records each attempt with device, browser, country and address', async () => {
    const { email, account } = await midoriMember();
    const b = visitor(MIDORI, '133.242.250.7');
    await loginWithPassword(b, email, 'wrong2026pass');
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    const rows = await historyOf(account.id);
    const common = {
      storeId: 'midori',
      loginType: 'password',
      deviceType: 'desktop',
      deviceName: 'Windows 10',
      browser: 'Chrome',
      country: 'JP',
      ip: '133.242.250.7',
    };
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ...common, result: false });
    expect(rows[1]).toMatchObject({ ...common, result: true });
  });

  it('mails a login alert for a device new to the account, not for a known one', async () => {
    const { email } = await midoriMember();
    const b = visitor(MIDORI, '133.242.250.8');
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    const alerts = await mailsTo(h, email, 'loginAlert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.subject).toBe('【みどりシネマ】新しい端末からのログインがありました');
    for (const fact of ['Windows 10', 'Chrome', '日本 (JP)', '133.242.250.8']) expect(alerts[0]?.text).toContain(fact);

    expect(b.jar.get('latid')).toBeTruthy();
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    expect(await mailsTo(h, email, 'loginAlert')).toHaveLength(1);

    // Another browser, or this one without its latid, is a new device.
    b.jar.delete('latid');
    await loginWithPassword(b, email, MIDORI_PASSWORD);
    expect(await mailsTo(h, email, 'loginAlert')).toHaveLength(2);
  });

  it('honours redirectTo only for a path on this site', async () => {
    const { email } = await midoriMember();
    const b = visitor(MIDORI);
    expect((await loginWithPassword(b, email, MIDORI_PASSWORD, { redirectTo: '/plans/monthly?from=login' })).body).toEqual({
      redirectTo: '/plans/monthly?from=login',
    });
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect((await loginWithPassword(b, email, MIDORI_PASSWORD, { redirectTo: evil })).body, evil).toEqual({ redirectTo: '/' });
    }
  });

  it('behind a trusted proxy, cookies follow the host the viewer used (Secure on a public host)', async () => {
    // The cookie writer (then server/features/identity/http.ts, now server/platform/http/cookies.ts) read the Host header, not the
    // X-Forwarded-Host the tenancy middleware trusted, so a public store served through a proxy
    // that talks to localhost gets session cookies without Secure (and mail links to the proxy's upstream).
    const { email } = await midoriMember();
    const b = browser(h, 'localhost:3000', { headers: { 'x-forwarded-host': MIDORI_PUBLIC, 'x-forwarded-for': newIp() } });
    const a = await loginWithPassword(b, email, MIDORI_PASSWORD);
    expect(a.status).toBe(200);
    expect(cookieAttributes(a.setCookies, 'sid')?.has('secure')).toBe(true);
  });
});

describe('password login throttling', () => {
  /** `n` wrong passwords a minute apart (past the growing waits), from one browser. */
  async function failures(b: ReturnType<typeof visitor>, login: string, n: number) {
    for (let i = 0; i < n; i++) {
      const a = await loginWithPassword(b, login, 'wrong2026pass');
      expect(a.status, `failure ${i + 1}`).toBe(401);
      clock.advance(MINUTE);
    }
  }

  it('after 5 free failures the next attempt must wait, even with the right password', async () => {
    const { email } = await midoriMember();
    const b = visitor(MIDORI);
    for (let i = 0; i < 5; i++) expect((await loginWithPassword(b, email, 'wrong2026pass')).status).toBe(401);
    const early = await loginWithPassword(b, email, MIDORI_PASSWORD);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ code: 'LOGIN_BLOCKED', message: BLOCKED_MESSAGE, retryAfterSeconds: 1 });
    expect(early.body.fields).toBeUndefined();
    expect(early.setCookies).toEqual([]);
    clock.advance(2 * SECOND);
    expectSignedIn(await loginWithPassword(b, email, MIDORI_PASSWORD));
  });

  it('after 10 failures the account is blocked for the right password too, while code login still works', async () => {
    const { email, account } = await midoriMember();
    const b = visitor(MIDORI);
    await failures(b, email, 10);
    const blocked = await loginWithPassword(visitor(MIDORI), email, MIDORI_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'LOGIN_BLOCKED', message: BLOCKED_MESSAGE });
    // Blocked for 15 minutes from the tenth failure, one minute ago.
    expect(blocked.body.retryAfterSeconds).toBe(14 * 60);
    expect((await historyOf(account.id)).at(-1)).toMatchObject({ result: false, loginType: 'password' });

    const byCode = visitor(MIDORI);
    expect((await byCode.post('/login/code', { emailUserId: email })).status).toBe(200);
    const signedIn = await byCode.post('/login', { authCode: await latestCode(h, email), userIdentifierMethod: 'AuthCode' });
    expectSignedIn(signedIn);
    expect(await byCode.authId()).toBe(account.publicId);

    clock.advance(15 * MINUTE);
    expectSignedIn(await loginWithPassword(visitor(MIDORI), email, MIDORI_PASSWORD));
  });

  it('an unknown login name is throttled like an account, with the same answers', async () => {
    const { email } = await midoriMember();
    const nobody = uniqueEmail('nobody');
    const known = visitor(MIDORI);
    const unknown = visitor(MIDORI);
    for (let i = 0; i < 10; i++) {
      const a = await loginWithPassword(known, email, 'wrong2026pass');
      const b = await loginWithPassword(unknown, nobody, 'wrong2026pass');
      expect([b.status, withoutRequestId(b.body)], `attempt ${i + 1}`).toEqual([a.status, withoutRequestId(a.body)]);
      clock.advance(MINUTE);
    }
    const a = await loginWithPassword(known, email, 'wrong2026pass');
    const b = await loginWithPassword(unknown, nobody, 'wrong2026pass');
    expect(a.status).toBe(429);
    expect([b.status, withoutRequestId(b.body)]).toEqual([a.status, withoutRequestId(a.body)]);
  });

  it('30 failures from one address block password login from it, not from another address', async () => {
    const { email } = await midoriMember();
    const ip = newIp();
    const prober = visitor(MIDORI, ip);
    for (let i = 0; i < 30; i++) expect((await loginWithPassword(prober, uniqueEmail(`probe${i}`), 'wrong2026pass')).status).toBe(401);

    const sameAddress = await loginWithPassword(visitor(MIDORI, ip), email, MIDORI_PASSWORD);
    expect(sameAddress.status).toBe(429);
    expect(sameAddress.body.code).toBe('LOGIN_BLOCKED');
    expectSignedIn(await loginWithPassword(visitor(MIDORI), email, MIDORI_PASSWORD));
  });
});
