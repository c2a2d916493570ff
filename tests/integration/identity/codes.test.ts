import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCodes, authFlows } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  countRows,
  type Harness,
  latestCode,
  MIDORI,
  MIDORI_PASSWORD,
  MINUTE,
  mailsTo,
  midoriDoc,
  midoriForm,
  movableClock,
  SECOND,
  seedMember,
  uniqueEmail,
} from './support.ts';

// One-time e-mail codes as the sign-up and code-login calls use them: 6 digits, 60 minutes,
// single use, 5 wrong entries end the flow (not the code), 30 s between codes, 5 mails an hour per
// address (decision 0009; the limits per client and store are in send-limits.test.ts).

const clock = movableClock();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, clock.now);
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

const FAILED = { status: 400, code: 'PIN_CODE_ERROR', message: '認証に失敗しました。' };

/** A different 6-digit code than `code`. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function startSignup(email: string): Promise<{ b: Browser; code: string }> {
  const b = browser(h, MIDORI);
  const a = await b.post('/zapi/signup/email', { type: 'signUp', email });
  expect(a.status).toBe(200);
  return { b, code: await latestCode(h, email) };
}

const enter = (b: Browser, pinCode: unknown) => b.post('/zapi/signup/pin-code', { pinCode });
const codeRows = (email: string) => h.database.admin.select().from(authCodes).where(eq(authCodes.email, email));
/** Wrong codes counted against the sign-up flow of an address. */
const flowFailures = async (email: string) =>
  (await h.database.admin.select().from(authFlows).where(eq(authFlows.email, email)))[0]?.failedAttempts;
const resend = (b: Browser) => b.post('/zapi/account/email/send-pin-code', { type: 'signUp' });

describe('entering a code', () => {
  it('a wrong code answers PIN_CODE_ERROR (認証に失敗しました。); the right one then works', async () => {
    const email = uniqueEmail('code-wrong');
    const { b, code } = await startSignup(email);
    const wrong = await enter(b, wrongFor(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject(FAILED);
    expect(await flowFailures(email)).toBe(1);
    expect((await enter(b, code)).body).toEqual({ redirectTo: '/signup/form' });
  });

  it('after 5 wrong entries the right code fails too in that flow; a new code works', async () => {
    const email = uniqueEmail('code-dead');
    const { b, code } = await startSignup(email);
    for (let i = 0; i < 5; i++) expect((await enter(b, wrongFor(code))).body).toMatchObject(FAILED);
    expect(await flowFailures(email)).toBe(5);

    const right = await enter(b, code);
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject(FAILED);
    expect((await b.post('/zapi/signup', midoriForm())).body.code).toBe('SIGNUP_FLOW_EXPIRED');

    clock.advance(31 * SECOND);
    expect((await resend(b)).body).toEqual({ ok: true });
    expect((await enter(b, await latestCode(h, email))).status).toBe(200);
  });

  it('a malformed entry is a validation error and does not count as a wrong code', async () => {
    const email = uniqueEmail('code-malformed');
    const { b, code } = await startSignup(email);
    const cases: [unknown, string][] = [
      ['12345', '6桁の数字を入力してください。'],
      ['1234567', '6桁の数字を入力してください。'],
      ['abcdef', '6桁の数字を入力してください。'],
      [123456, '入力内容が正しくありません。'],
    ];
    for (const [pinCode, message] of cases) {
      const a = await enter(b, pinCode);
      expect(a.status, String(pinCode)).toBe(400);
      expect(a.body.code).toBe('VALIDATION_FAILED');
      if (typeof pinCode === 'string') expect(a.body.fields).toEqual({ pinCode: message });
    }
    expect((await b.post('/zapi/signup/pin-code', { pinCode: code, extra: 1 })).body.fields).toEqual({
      extra: 'この項目は受け付けられません。',
    });
    expect(await flowFailures(email)).toBe(0);
    // Full-width digits and a space, as an IME or a paste gives them, are the same code.
    const fullWidth = `${code.slice(0, 3)} ${code.slice(3)}`.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    expect((await enter(b, fullWidth)).body).toEqual({ redirectTo: '/signup/form' });
  });

  it('a missing code is refused with a validation error', async () => {
    const { b } = await startSignup(uniqueEmail('code-missing'));
    const a = await b.post('/zapi/signup/pin-code', {});
    expect(a.status).toBe(400);
    expect(a.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(a.body.fields ?? {})).toEqual(['pinCode']);
  });

  it('the message for a missing code names the code (認証コードを入力してください。)', async () => {
    // domain/validation/messages.ts 'authCode.required' is '{field}を入力してください。'; the
    // server fills no {field}, so the answer reads 'を入力してください。'.
    const { b } = await startSignup(uniqueEmail('code-missing-text'));
    const a = await b.post('/zapi/signup/pin-code', { pinCode: '' });
    expect(a.body.fields).toEqual({ pinCode: '認証コードを入力してください。' });
  });

  it('a code works once', async () => {
    const email = uniqueEmail('code-once');
    const { b, code } = await startSignup(email);
    expect((await enter(b, code)).status).toBe(200);
    const again = await enter(b, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject(FAILED);
    expect((await codeRows(email))[0]?.consumedAt).toBeInstanceOf(Date);
  });

  it('a code works for the store’s 60 minutes and not after', async () => {
    const late = await startSignup(uniqueEmail('code-expired'));
    const inTime = await startSignup(uniqueEmail('code-in-time'));
    clock.advance(59 * MINUTE);
    expect((await enter(inTime.b, inTime.code)).status).toBe(200);
    clock.advance(1 * MINUTE + SECOND);
    const expired = await enter(late.b, late.code);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject(FAILED);
    // The sign-up itself is still open (2 hours): only the code has run out.
    expect((await late.b.screen('/signup/pin-code')).body.email).toBeDefined();
  });

  it('a code is bound to its purpose: a login code does not prove a sign-up, nor the reverse', async () => {
    const email = uniqueEmail('code-purpose');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const signup = await startSignup(email);
    const login = browser(h, MIDORI);
    await login.post('/login/code', { emailUserId: email });
    const loginCode = await latestCode(h, email);
    expect(loginCode).not.toBe(signup.code);

    expect((await enter(signup.b, loginCode)).body).toMatchObject(FAILED);
    expect((await login.post('/login', { authCode: signup.code, userIdentifierMethod: 'AuthCode' })).body).toMatchObject(FAILED);
    expect(login.jar.has('sid')).toBe(false);
    // Each still works for its own purpose.
    expect((await login.post('/login', { authCode: loginCode, userIdentifierMethod: 'AuthCode' })).status).toBe(200);
    expect((await enter(signup.b, signup.code)).body.code).toBe('ACCOUNT_ALREADY_EXISTS_EMAIL');
  });
});

describe('sending codes', () => {
  it('a new code within 30 s is refused with 429 and the wait; after 30 s it comes and the older one stops working', async () => {
    const email = uniqueEmail('code-resend');
    const { b, code: first } = await startSignup(email);
    clock.advance(10 * SECOND);

    const early = await resend(b);
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: '認証コードの再送信は30秒以上あけてお試しください。',
      retryAfterSeconds: 20,
    });
    expect(early.body.fields).toBeUndefined();
    const again = await b.post('/zapi/signup/email', { type: 'signUp', email });
    expect(again.status).toBe(429);
    expect(again.setCookies).toEqual([]);
    expect(await codeRows(email)).toHaveLength(1);
    expect(await mailsTo(h, email)).toHaveLength(1);

    clock.advance(20 * SECOND);
    expect((await resend(b)).body).toEqual({ ok: true });
    const second = await latestCode(h, email);
    expect(await mailsTo(h, email)).toHaveLength(2);
    expect((await enter(b, first)).body).toMatchObject(FAILED);
    expect((await enter(b, second)).status).toBe(200);
  });

  it('past 5 mails an hour to an address no new mail is sent, the answer is unchanged and the last code works; an hour on, mail comes again', async () => {
    const email = uniqueEmail('code-hourly');
    const { b } = await startSignup(email);
    for (let i = 2; i <= 5; i++) {
      clock.advance(31 * SECOND);
      expect((await resend(b)).status, `code ${i}`).toBe(200);
    }
    const fifth = await latestCode(h, email);
    clock.advance(31 * SECOND);
    // A stranger could ask this too: refusing the owner would lock them out, so nothing is refused.
    expect((await resend(b)).body).toEqual({ ok: true });
    expect(await codeRows(email)).toHaveLength(5);
    expect(await mailsTo(h, email)).toHaveLength(5);
    expect((await enter(b, fifth)).status).toBe(200);

    const later = await startSignup(uniqueEmail('code-hourly-other'));
    expect((await enter(later.b, later.code)).status).toBe(200);
    clock.advance(3600 * SECOND);
    const { code } = await startSignup(email);
    expect(await mailsTo(h, email)).toHaveLength(6);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('stores only a keyed hash of the code, never its digits', async () => {
    const email = uniqueEmail('code-hash');
    const { code } = await startSignup(email);
    const [row] = await codeRows(email);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await countRows(h, authCodes, and(eq(authCodes.email, email), eq(authCodes.codeHash, code)))).toBe(0);
  });

  it('refuses a resend request with a bad type, without a flow, or for another purpose not open to guests', async () => {
    const b = browser(h, MIDORI);
    const badType = await b.post('/zapi/account/email/send-pin-code', { type: 'shout' });
    expect(badType.status).toBe(400);
    expect(badType.body.fields).toEqual({ type: '選択肢の中から選んでください。' });
    expect((await b.post('/zapi/account/email/send-pin-code', { type: 'signUp' })).body.code).toBe('SIGNUP_FLOW_EXPIRED');
    expect((await b.post('/zapi/account/email/send-pin-code', { type: 'login' })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await b.post('/zapi/account/email/send-pin-code', { type: 'withdraw' })).status).toBe(401);
  });
});
