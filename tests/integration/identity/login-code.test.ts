import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginHistory, mailOutbox } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  cookieAttributes,
  countRows,
  type Harness,
  HIKARI,
  HIKARI_PASSWORD,
  hikariDoc,
  latestCode,
  MIDORI,
  MIDORI_PASSWORD,
  mailsTo,
  midoriDoc,
  movableClock,
  SECOND,
  seedMember,
  uniqueEmail,
  uniqueUserId,
  withoutRequestId,
} from './support.ts';

// Login with a one-time code: POST /login/code mails it (only to a member, with the same answer
// for anyone), POST /login with userIdentifierMethod AuthCode signs in within the lgf flow.

const clock = movableClock();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, clock.now);
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

async function member() {
  const email = uniqueEmail('code-login');
  const account = await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
  return { email, account };
}

const askCode = (b: Browser, emailUserId: string, extra: Record<string, unknown> = {}) => b.post('/login/code', { emailUserId, ...extra });
const enterCode = (b: Browser, authCode: string) => b.post('/login', { authCode, userIdentifierMethod: 'AuthCode' });
const FAILED = { status: 400, code: 'PIN_CODE_ERROR', message: '認証に失敗しました。', fields: { authCode: '認証に失敗しました。' } };

describe('asking for a login code', () => {
  it('for a member: a code mail, the code page, and a flow cookie', async () => {
    const { email } = await member();
    const b = browser(h, MIDORI);
    const a = await askCode(b, email, { isAmaltheaLogin: false });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectTo: '/login/code' });
    const lgf = cookieAttributes(a.setCookies, 'lgf');
    expect(lgf?.has('httponly')).toBe(true);
    expect(lgf?.get('samesite')).toBe('Lax');

    const [mail] = await mailsTo(h, email, 'authCode');
    expect(mail?.subject).toBe('【みどりシネマ】認証コードのお知らせ');
    expect(mail?.text).toContain('みどりシネマにログインするには');
    expect((await b.screen('/login/code')).body).toEqual({
      maskedEmail: `c******@example.jp`,
      validityMinutes: 60,
      resendCountdownSeconds: 30,
      resendHintMinutes: 5,
    });
  });

  it('for a non-member: the same status and body, a flow cookie too, and no mail', async () => {
    const { email } = await member();
    const nobody = uniqueEmail('code-login');
    const mails = await countRows(h, mailOutbox);
    const forMember = await askCode(browser(h, MIDORI), email);
    const b = browser(h, MIDORI);
    const forNobody = await askCode(b, nobody);
    expect([forNobody.status, forNobody.body]).toEqual([forMember.status, forMember.body]);
    expect(forNobody.setCookies.map((c) => c.replace(/=[^;]*/, '=…'))).toEqual(forMember.setCookies.map((c) => c.replace(/=[^;]*/, '=…')));
    expect(await mailsTo(h, nobody)).toEqual([]);
    expect(await countRows(h, mailOutbox)).toBe(mails + 1);
    // The code page looks the same as a member's.
    expect((await b.screen('/login/code')).body).toMatchObject({ maskedEmail: 'c******@example.jp' });
    // Whatever is typed there fails like a wrong code.
    const entered = await enterCode(b, '123456');
    expect(withoutRequestId(entered.body)).toEqual(FAILED);
  });

  it('asking twice within 30 s answers the same for a member and a non-member', async () => {
    // server/features/login/routes.ts POST /login/code issues a code only for a member, so only
    // a member's second request meets the 30-second limit (429): the answer tells members apart.
    const { email } = await member();
    const m = browser(h, MIDORI);
    const n = browser(h, MIDORI);
    const nobody = uniqueEmail('code-login');
    await askCode(m, email);
    await askCode(n, nobody);
    const memberAgain = await askCode(m, email);
    const nobodyAgain = await askCode(n, nobody);
    expect([memberAgain.status, withoutRequestId(memberAgain.body)]).toEqual([nobodyAgain.status, withoutRequestId(nobodyAgain.body)]);
  });

  it('refuses bad input without mailing', async () => {
    const b = browser(h, MIDORI);
    const mails = await countRows(h, mailOutbox);
    expect((await b.post('/login/code', {})).body.fields).toEqual({ emailUserId: 'メールアドレスを入力してください。' });
    expect((await b.post('/login/code', { emailUserId: 'not an address' })).body.fields).toEqual({
      emailUserId: 'メールアドレスの形式が正しくありません。',
    });
    expect((await b.post('/login/code', { emailUserId: 'a@example.jp', isAmaltheaLogin: 'yes' })).status).toBe(400);
    expect((await b.post('/login/code', { emailUserId: 'a@example.jp', channel: 'sms' })).body.fields).toEqual({
      channel: 'この項目は受け付けられません。',
    });
    expect(await countRows(h, mailOutbox)).toBe(mails);
    expect(b.jar.has('lgf')).toBe(false);
  });

  it('a new code can be asked from the code page after 30 s, and only the newest works', async () => {
    const { email } = await member();
    const b = browser(h, MIDORI);
    await askCode(b, email);
    const first = await latestCode(h, email);
    expect((await b.post('/zapi/account/email/send-pin-code', { type: 'login' })).status).toBe(429);
    clock.advance(30 * SECOND);
    expect((await b.post('/zapi/account/email/send-pin-code', { type: 'login' })).body).toEqual({ ok: true });
    const second = await latestCode(h, email);
    expect(second).not.toBe(first);
    expect(withoutRequestId((await enterCode(b, first)).body)).toEqual(FAILED);
    expect((await enterCode(b, second)).status).toBe(200);
  });
});

describe('entering the login code', () => {
  it('signs the member in, ends the flow and records the login', async () => {
    const { email, account } = await member();
    const b = browser(h, MIDORI);
    await askCode(b, email);
    const flowToken = b.jar.get('lgf') ?? '';
    const code = await latestCode(h, email);
    const a = await enterCode(b, code);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ redirectTo: '/' });
    expect(cookieAttributes(a.setCookies, 'sid')?.has('httponly')).toBe(true);
    expect(cookieAttributes(a.setCookies, 'lgf')?.get('max-age')).toBe('0');
    expect(await b.authId()).toBe(account.publicId);
    const history = await h.database.admin.select().from(loginHistory).where(eq(loginHistory.accountId, account.id));
    expect(history).toMatchObject([{ result: true, loginType: 'authCode', browser: 'Chrome' }]);
    expect(await mailsTo(h, email, 'loginAlert')).toHaveLength(1);

    // The flow is over: the same code cannot sign in again.
    const replay = browser(h, MIDORI);
    replay.jar.set('lgf', flowToken);
    expect((await enterCode(replay, code)).body.code).toBe('INVALID_SESSION_FLOW');
  });

  it('works by user ID on a store with user IDs, mailing the member’s address', async () => {
    const userId = uniqueUserId();
    const email = uniqueEmail('code-login-uid');
    const account = await seedMember(h, 'hikari', { email, password: HIKARI_PASSWORD, userId });
    const b = browser(h, HIKARI);
    expect((await askCode(b, userId)).body).toEqual({ redirectTo: '/login/code' });
    expect((await enterCode(b, await latestCode(h, email))).status).toBe(200);
    expect(await b.authId()).toBe(account.publicId);
  });

  it('without the flow cookie (or with a made-up one) answers INVALID_SESSION_FLOW', async () => {
    const { email } = await member();
    const asked = browser(h, MIDORI);
    await askCode(asked, email);
    const code = await latestCode(h, email);

    const noFlow = await enterCode(browser(h, MIDORI), code);
    expect(noFlow.status).toBe(409);
    expect(withoutRequestId(noFlow.body)).toEqual({
      status: 409,
      code: 'INVALID_SESSION_FLOW',
      message: '認証コードの有効期限が切れました。もう一度ログインしてください。',
    });
    const forged = browser(h, MIDORI);
    forged.jar.set('lgf', 'made-up');
    expect((await enterCode(forged, code)).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await browser(h, MIDORI).screen('/login/code')).body).toEqual({ redirectTo: '/login?loginType=authCode' });
    // The code was not spent by those attempts.
    expect((await enterCode(asked, code)).status).toBe(200);
  });

  it('a wrong code answers PIN_CODE_ERROR; after 5 the right one fails too', async () => {
    const { email } = await member();
    const b = browser(h, MIDORI);
    await askCode(b, email);
    const code = await latestCode(h, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect(withoutRequestId((await enterCode(b, wrong)).body)).toEqual(FAILED);
    expect(withoutRequestId((await enterCode(b, code)).body)).toEqual(FAILED);
    expect(b.jar.has('sid')).toBe(false);
    const malformed = await b.post('/login', { authCode: '12 34', userIdentifierMethod: 'AuthCode' });
    expect(malformed.body.fields).toEqual({ authCode: '6桁の数字を入力してください。' });
  });

  it('honours redirectTo only for a path on this site', async () => {
    const { email } = await member();
    const cases: [string, string][] = [
      ['/plans/monthly?from=code#top', '/plans/monthly?from=code#top'],
      ['https://evil.example', '/'],
      ['//evil.example', '/'],
      ['https://evil.example/plans', '/'],
    ];
    for (const [asked, expected] of cases) {
      const b = browser(h, MIDORI);
      clock.advance(31 * SECOND);
      await askCode(b, email, { redirectTo: asked });
      const a = await enterCode(b, await latestCode(h, email));
      expect(a.body, asked).toEqual({ redirectTo: expected });
    }
  });
});
