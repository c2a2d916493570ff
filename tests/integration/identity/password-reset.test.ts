import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mailOutbox, passwordResets, sessions } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import {
  browser,
  countRows,
  type Harness,
  HIKARI,
  HIKARI_PASSWORD,
  hikariDoc,
  latestResetToken,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  MIDORI_PUBLIC,
  MINUTE,
  mailsTo,
  midoriDoc,
  movableClock,
  seedMember,
  uniqueEmail,
  withoutRequestId,
} from './support.ts';

// Password reset by e-mail link: the same answer for anyone, a single-use link that lives 30
// minutes, the new password ends every session of the account.

const clock = movableClock();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: 'true' }, clock.now);
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
});
afterAll(() => h.close());

const NEW_PASSWORD = 'renewed2026pw';
const INVALID_LINK = {
  status: 400,
  code: 'INVALID_RESET_TOKEN',
  message: 'このリンクは無効か、有効期限が切れています。もう一度パスワードの再設定をお申し込みください。',
};

async function member(password: string | undefined = MIDORI_PASSWORD) {
  const email = uniqueEmail('reset');
  const account = await seedMember(h, 'midori', { email, password });
  return { email, account };
}

const forgot = (email: unknown, host = MIDORI) => browser(h, host).post('/zapi/auth/password/forgot', { email });
const reset = (token: string, password: string, passwordConfirm = password, host = MIDORI) =>
  browser(h, host).post('/zapi/auth/password/reset', { token, password, passwordConfirm });
const tokenValid = async (token: string) =>
  (await browser(h, MIDORI).screen(`/password/reset?token=${encodeURIComponent(token)}`)).body.tokenValid;
const passwordHashOf = async (id: string) => (await h.database.admin.select().from(accounts).where(eq(accounts.id, id)))[0]?.passwordHash;

describe('asking for a reset link', () => {
  it('answers the same for a member and a non-member; only the member gets a mail with a link', async () => {
    const { email } = await member();
    const nobody = uniqueEmail('reset-nobody');
    const forMember = await forgot(email);
    const forNobody = await forgot(nobody);
    expect(forMember.status).toBe(200);
    expect(forMember.body).toEqual({ redirectTo: '/password/forgot/complete' });
    expect([forNobody.status, forNobody.body]).toEqual([forMember.status, forMember.body]);

    expect(await mailsTo(h, nobody)).toEqual([]);
    const [mail] = await mailsTo(h, email, 'passwordReset');
    expect(mail?.subject).toBe('【みどりシネマ】パスワード再設定のご案内');
    expect(mail?.text).toMatch(/http:\/\/midori\.test\.localhost:3000\/password\/reset\?token=[\w-]{40,}/);
    expect(mail?.text).toContain('このリンクの有効期限は30分です。');
    expect((await browser(h, MIDORI).screen('/password/forgot/complete')).body).toEqual({ hintMinutes: 15 });
  });

  it('mails at most 5 links an hour to one account, with the answer unchanged', async () => {
    const { email } = await member();
    for (let i = 0; i < 6; i++) expect((await forgot(email)).body).toEqual({ redirectTo: '/password/forgot/complete' });
    expect(await mailsTo(h, email, 'passwordReset')).toHaveLength(5);
    clock.advance(61 * MINUTE);
    await forgot(email);
    expect(await mailsTo(h, email, 'passwordReset')).toHaveLength(6);
  });

  it('refuses bad input without mailing', async () => {
    const mails = await countRows(h, mailOutbox);
    expect((await forgot(undefined)).body.fields).toEqual({ email: 'メールアドレスを入力してください。' });
    expect((await forgot('nobody')).body.fields).toEqual({ email: 'メールアドレスの形式が正しくありません。' });
    const extra = await browser(h, MIDORI).post('/zapi/auth/password/forgot', { email: 'a@example.jp', next: '/x' });
    expect(extra.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { next: 'この項目は受け付けられません。' } });
    expect(await countRows(h, mailOutbox)).toBe(mails);
  });

  it("behind a trusted proxy, the link names the store's origin, not the host the request named", async () => {
    // A forwarded host reaches the store, but links in mail take the store's configured origin
    // (its first host here): whoever sends a request cannot choose where a reset link points.
    const { email } = await member();
    const b = browser(h, 'localhost:3000', { headers: { 'x-forwarded-host': MIDORI_PUBLIC } });
    expect((await b.post('/zapi/auth/password/forgot', { email })).status).toBe(200);
    const [mail] = await mailsTo(h, email, 'passwordReset');
    expect(mail?.text).toContain('http://midori.test.localhost:3000/password/reset?token=');
    expect(mail?.text).not.toContain(MIDORI_PUBLIC);
  });
});

describe('setting the new password', () => {
  it('the reset page says whether the link is live', async () => {
    const { email } = await member();
    await forgot(email);
    const token = await latestResetToken(h, email);
    expect((await browser(h, MIDORI).screen(`/password/reset?token=${token}`)).body).toEqual({ tokenValid: true, validityMinutes: 30 });
    expect(await tokenValid('made-up-token')).toBe(false);
    expect((await browser(h, MIDORI).screen('/password/reset')).body.tokenValid).toBe(false);
  });

  it('refuses the password the member has now (INVALID_PASSWORD_REUSED on fields.password); the link stays usable', async () => {
    const { email, account } = await member();
    await forgot(email);
    const token = await latestResetToken(h, email);
    const same = await reset(token, MIDORI_PASSWORD);
    expect(same.status).toBe(400);
    expect(withoutRequestId(same.body)).toEqual({
      status: 400,
      code: 'INVALID_PASSWORD_REUSED',
      message: '現在と同じパスワードは設定できません。別のパスワードを入力してください。',
      fields: { password: '現在と同じパスワードは設定できません。別のパスワードを入力してください。' },
    });
    expect(await tokenValid(token)).toBe(true);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect(await passwordHashOf(account.id)).toMatch(/^\$argon2id\$/);
  });

  it('sets the new password, ends every session of the account, and the link works once', async () => {
    const { email, account } = await member();
    const phone = browser(h, MIDORI);
    const laptop = browser(h, MIDORI);
    await loginWithPassword(phone, email, MIDORI_PASSWORD);
    await loginWithPassword(laptop, email, MIDORI_PASSWORD);
    expect(await countRows(h, sessions, eq(sessions.accountId, account.id))).toBe(2);

    await forgot(email);
    const older = await latestResetToken(h, email);
    await forgot(email);
    const token = await latestResetToken(h, email);
    const done = await reset(token, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ redirectTo: '/password/reset/complete' });

    expect(await countRows(h, sessions, eq(sessions.accountId, account.id))).toBe(0);
    expect(phone.jar.has('auid')).toBe(true);
    expect(await phone.authId()).toBe('');
    expect(await laptop.authId()).toBe('');
    // The next request of a browser whose session ended clears its sid and auid cookies, so the
    // page's cross-tab check (auid against authId) agrees with the server.
    for (const b of [phone, laptop]) expect([b.jar.has('sid'), b.jar.has('auid')]).toEqual([false, false]);
    expect(phone.jar.has('latid')).toBe(true);
    expect((await loginWithPassword(browser(h, MIDORI), email, MIDORI_PASSWORD)).status).toBe(401);
    expect((await loginWithPassword(browser(h, MIDORI), email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset(token, 'another2026pw');
    expect(withoutRequestId(again.body)).toEqual(INVALID_LINK);
    expect(await tokenValid(token)).toBe(false);
    // The other open link of the account died with it.
    expect(withoutRequestId((await reset(older, 'another2026pw')).body)).toEqual(INVALID_LINK);
  });

  it('lets a member without a password set one', async () => {
    const { email, account } = await member(undefined);
    await forgot(email);
    expect((await reset(await latestResetToken(h, email), NEW_PASSWORD)).status).toBe(200);
    expect(await passwordHashOf(account.id)).toMatch(/^\$argon2id\$/);
    expect((await loginWithPassword(browser(h, MIDORI), email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a link older than 30 minutes', async () => {
    const { email, account } = await member();
    await forgot(email);
    const token = await latestResetToken(h, email);
    clock.advance(30 * MINUTE + 1000);
    expect(await tokenValid(token)).toBe(false);
    const late = await reset(token, NEW_PASSWORD);
    expect(late.status).toBe(400);
    expect(withoutRequestId(late.body)).toEqual(INVALID_LINK);
    const hash = await passwordHashOf(account.id);
    expect((await loginWithPassword(browser(h, MIDORI), email, MIDORI_PASSWORD)).status).toBe(200);
    expect(await passwordHashOf(account.id)).toBe(hash);
  });

  it('refuses bad input and weak passwords under the store’s rules, changing nothing', async () => {
    const { email, account } = await member();
    await forgot(email);
    const token = await latestResetToken(h, email);
    const hash = await passwordHashOf(account.id);
    const b = browser(h, MIDORI);

    const missingToken = await b.post('/zapi/auth/password/reset', { password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD });
    expect(missingToken.body.fields).toEqual({ token: '入力内容が正しくありません。' });
    expect((await reset(token, NEW_PASSWORD, 'different2026')).body.fields).toEqual({ passwordConfirm: 'パスワードが一致しません' });
    expect((await reset(token, 'short1')).body.fields).toEqual({ password: 'パスワードは8文字以上で設定してください。' });
    expect((await reset(token, 'password1')).body.fields).toEqual({
      password: 'このパスワードは推測されやすいため使用できません。別のパスワードを入力してください。',
    });
    const asEmail = email.split('@')[0] ?? '';
    expect((await reset(token, asEmail)).body.fields).toEqual({ password: 'メールアドレスやユーザIDを含むパスワードは使用できません。' });
    const extra = await b.post('/zapi/auth/password/reset', { token, password: NEW_PASSWORD, passwordConfirm: NEW_PASSWORD, email });
    expect(extra.body.fields).toEqual({ email: 'この項目は受け付けられません。' });

    expect(await passwordHashOf(account.id)).toBe(hash);
    expect(await tokenValid(token)).toBe(true);
    expect(await countRows(h, passwordResets, eq(passwordResets.accountId, account.id))).toBe(1);
  });

  it('follows the store’s password strength', async () => {
    const email = uniqueEmail('reset-strong');
    await seedMember(h, 'hikari', { email, password: HIKARI_PASSWORD });
    await forgot(email, HIKARI);
    const token = await latestResetToken(h, email);
    const weak = await reset(token, NEW_PASSWORD, NEW_PASSWORD, HIKARI);
    expect(weak.body.fields).toEqual({ password: 'パスワードには英大文字を1文字以上含めてください。' });
    expect((await reset(token, 'Renewed#2026', 'Renewed#2026', HIKARI)).status).toBe(200);
  });
});

describe('legacy password addresses', () => {
  it('/forgetpassword and /newpassword lead to the new pages, keeping the token', async () => {
    const b = browser(h, MIDORI);
    expect((await b.screen('/forgetpassword')).body).toEqual({ redirectTo: '/password/forgot' });
    expect((await b.screen('/newpassword?token=x')).body).toEqual({ redirectTo: '/password/reset?token=x' });
    expect((await b.screen('/newpassword?token=a%2Fb%20c')).body).toEqual({ redirectTo: '/password/reset?token=a%2Fb%20c' });
    expect((await b.screen('/newpassword')).body).toEqual({ redirectTo: '/password/forgot' });
  });
});
