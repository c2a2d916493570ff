import { afterAll, describe, expect, it } from 'vitest';
import { browser, HIKARI, latestCode, loginWithPassword, MIDORI, mailsTo, SECOND, uniqueUserId } from '../identity/support.ts';
import { credentialsHarness, SORA, STRONG } from './credentials-support.ts';

// Issue 8: setting a password through a code, changing it, and changing the user ID (spec 2, 5, 7, 8).
const { h, clock, member, row } = await credentialsHarness();
afterAll(() => h.close());

const ENABLE = '/zapi/account/enable-password';
const CHANGE = '/zapi/account/password/edit';
const USER_ID = '/zapi/account/user-id/edit';
const NEXT = 'Hikari#2027ok';

describe('password setting (members without a password)', () => {
  it('mails a code on entering (once per flow), then sets the password with it', async () => {
    const m = await member(HIKARI, { password: null });
    expect((await m.b.screen('/mypage/password/edit')).body).toEqual({ redirectTo: '/mypage/enable-password' });
    expect((await m.b.screen('/mypage/user-id/edit')).body).toEqual({ redirectTo: '/mypage/enable-password' });
    expect((await m.b.screen('/mypage/enable-password')).body).toMatchObject({ email: m.email, resendCountdownSeconds: 30 });
    expect(await mailsTo(h, m.email, 'authCode')).toHaveLength(1);
    await m.b.screen('/mypage/enable-password');
    expect(await mailsTo(h, m.email, 'authCode')).toHaveLength(1);
    const code = await latestCode(h, m.email);
    // The store's strength rule and the confirmation, before the code is spent.
    const weak = await m.b.post(ENABLE, { pinCode: code, password: 'hikari2027ok', passwordConfirm: 'hikari2027ok' });
    expect(weak.body.fields).toEqual({ password: 'パスワードには英大文字を1文字以上含めてください。' });
    const mismatch = await m.b.post(ENABLE, { pinCode: code, password: NEXT, passwordConfirm: `${NEXT}x` });
    expect(mismatch.body.fields).toEqual({ passwordConfirm: 'パスワードが一致しません' });
    const wrong = await m.b.post(ENABLE, { pinCode: code === '000000' ? '111111' : '000000', password: NEXT, passwordConfirm: NEXT });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'PIN_CODE_ERROR', fields: { pinCode: '認証に失敗しました。' } } });
    expect((await row(m.account.id)).passwordHash).toBeNull();
    const topBefore = (await m.b.screen('/mypage')).body;
    const done = await m.b.post(ENABLE, { pinCode: code, password: NEXT, passwordConfirm: NEXT });
    expect(done).toMatchObject({ status: 200, body: { redirectTo: '/mypage/enable-password/complete' } });
    // My Page's top reads whether a password is set with the session (decision 0060): fresh at once.
    expect((await m.b.screen('/mypage')).body.accountRows).not.toEqual(topBefore.accountRows);
    expect((await loginWithPassword(browser(h, HIKARI), m.email, NEXT)).status).toBe(200);
    // Now a password exists: the setting page leads to the change, and the call refuses.
    expect((await m.b.screen('/mypage/enable-password')).body).toEqual({ redirectTo: '/mypage/password/edit' });
    expect((await m.b.post(ENABLE, { pinCode: code, password: NEXT, passwordConfirm: NEXT })).status).toBe(409);
  });

  it('resends the code, throttles wrong codes, and answers an old flow as expired', async () => {
    const m = await member(HIKARI, { password: null });
    await m.b.screen('/mypage/enable-password');
    clock.advance(31 * SECOND);
    expect((await m.b.post('/zapi/account/email/send-pin-code', { type: 'passwordSetting' })).status).toBe(200);
    const code = await latestCode(h, m.email);
    for (let i = 0; i < 5; i++)
      await m.b.post(ENABLE, { pinCode: code === '000000' ? '111111' : '000000', password: NEXT, passwordConfirm: NEXT });
    expect((await m.b.post(ENABLE, { pinCode: code, password: NEXT, passwordConfirm: NEXT })).body.code).toBe('PIN_CODE_ERROR');
    clock.advance(61 * 60 * SECOND);
    expect((await m.b.post(ENABLE, { pinCode: code, password: NEXT, passwordConfirm: NEXT })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await row(m.account.id)).passwordHash).toBeNull();
  });

  it('is not there without passwords (404), and a guest is 401 or sent to log in', async () => {
    const m = await member(SORA, { password: null });
    expect((await m.b.screen('/mypage/enable-password')).status).toBe(404);
    expect((await m.b.screen('/mypage/password/edit')).status).toBe(404);
    expect((await m.b.post(ENABLE, { pinCode: '123456', password: NEXT, passwordConfirm: NEXT })).status).toBe(404);
    expect((await m.b.post('/zapi/account/email/send-pin-code', { type: 'passwordSetting' })).status).toBe(404);
    expect((await browser(h, SORA).post(ENABLE, { pinCode: '123456', password: NEXT, passwordConfirm: NEXT })).status).toBe(404);
    const guest = browser(h, HIKARI);
    expect((await guest.post(ENABLE, { pinCode: '123456', password: NEXT, passwordConfirm: NEXT })).status).toBe(401);
    expect((await guest.screen('/mypage/enable-password')).body.redirectTo).toMatch(/^\/login\?redirectTo=/);
    expect(await mailsTo(h, m.email)).toEqual([]);
  });
});

describe('password change', () => {
  it("changes the password and ends the member's other sessions, not this one", async () => {
    const m = await member(HIKARI);
    const phone = await m.signIn();
    expect((await m.b.screen('/mypage/password/edit')).body).toEqual({});
    const done = await m.b.post(CHANGE, { oldPassword: STRONG, newPassword: NEXT });
    expect(done).toMatchObject({ status: 200, body: { redirectTo: '/mypage/password/edit/complete' } });
    expect(await m.b.authId()).toBe(m.account.publicId);
    expect(await phone.authId()).toBe('');
    expect((await loginWithPassword(browser(h, HIKARI), m.email, NEXT)).status).toBe(200);
    expect((await row(m.account.id)).passwordUpdatedAt).not.toBeNull();
  });

  it('puts a wrong current password (401) on oldPassword and a weak or unchanged one on newPassword', async () => {
    const m = await member(HIKARI);
    const before = (await row(m.account.id)).passwordHash;
    const wrong = await m.b.post(CHANGE, { oldPassword: 'Wrong#2026ok', newPassword: NEXT });
    expect(wrong).toMatchObject({
      status: 401,
      body: { code: 'REQUEST_UNAUTHORIZED', fields: { oldPassword: 'パスワードが正しくありません。' } },
    });
    const same = await m.b.post(CHANGE, { oldPassword: STRONG, newPassword: STRONG });
    expect(same).toMatchObject({
      status: 400,
      body: { fields: { newPassword: '現在のパスワードとは異なるパスワードを設定してください。' } },
    });
    expect((await m.b.post(CHANGE, { oldPassword: STRONG, newPassword: 'hikari2027' })).body.fields).toHaveProperty('newPassword');
    expect((await m.b.post(CHANGE, { oldPassword: '', newPassword: NEXT })).body.fields).toEqual({
      oldPassword: '現在のパスワードを入力してください。',
    });
    expect((await row(m.account.id)).passwordHash).toBe(before);
  });

  it('throttles wrong current passwords like logins', async () => {
    const m = await member(HIKARI);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await m.b.post(CHANGE, { oldPassword: `Wrong#${i}2026ok`, newPassword: NEXT })).status);
    expect(statuses).toContain(429);
    expect((await m.b.post(CHANGE, { oldPassword: STRONG, newPassword: NEXT })).status).toBe(429);
  });

  it('is 401 for a guest, 404 without passwords, and nothing for another store', async () => {
    expect((await browser(h, HIKARI).post(CHANGE, { oldPassword: STRONG, newPassword: NEXT })).status).toBe(401);
    const m = await member(SORA, { password: null });
    expect((await m.b.post(CHANGE, { oldPassword: STRONG, newPassword: NEXT })).status).toBe(404);
    const own = await member(HIKARI);
    const visitor = browser(h, MIDORI);
    for (const k of ['sid', 'auid']) visitor.jar.set(k, own.b.jar.get(k) as string);
    expect((await visitor.post(CHANGE, { oldPassword: STRONG, newPassword: NEXT })).status).toBe(401);
    expect(await own.b.authId()).toBe(own.account.publicId);
  });
});

describe('user-ID change', () => {
  it('sets a new ID with the password', async () => {
    const m = await member(HIKARI, { userId: uniqueUserId() });
    expect((await m.b.screen('/mypage/user-id/edit')).body).toEqual({ userId: m.account.userId });
    expect((await m.b.screen('/mypage')).body).toMatchObject({ userId: m.account.userId });
    const next = uniqueUserId();
    const done = await m.b.post(USER_ID, { userId: next, password: STRONG });
    expect(done).toMatchObject({ status: 200, body: { redirectTo: '/mypage/user-id/edit/complete' } });
    expect((await m.b.screen('/mypage/user-id/edit/complete')).body).toEqual({ userId: next });
    // My Page's top reads the ID with the session (decision 0060): the next page shows the new one.
    expect((await m.b.screen('/mypage')).body).toMatchObject({ userId: next });
    expect((await loginWithPassword(browser(h, HIKARI), next, STRONG)).status).toBe(200);
  });

  it("refuses a wrong password, another member's ID, the same ID and a malformed one", async () => {
    const taken = await member(HIKARI, { userId: uniqueUserId() });
    const m = await member(HIKARI, { userId: uniqueUserId() });
    const wrong = await m.b.post(USER_ID, { userId: uniqueUserId(), password: 'Wrong#2026ok' });
    expect(wrong).toMatchObject({
      status: 401,
      body: { code: 'REQUEST_UNAUTHORIZED', fields: { password: 'パスワードが正しくありません。' } },
    });
    const dup = await m.b.post(USER_ID, { userId: taken.account.userId?.toUpperCase(), password: STRONG });
    expect(dup).toMatchObject({
      status: 409,
      body: {
        code: 'ACCOUNT_ALREADY_EXISTS_USER_ID',
        fields: { userId: 'このユーザIDは既に使用されています。別のユーザIDを登録してください。' },
      },
    });
    expect((await m.b.post(USER_ID, { userId: m.account.userId, password: STRONG })).body.fields).toHaveProperty('userId');
    expect((await m.b.post(USER_ID, { userId: 'abc12', password: STRONG })).body.fields).toEqual({ userId: 'ユーザIDは6文字以上です。' });
    expect((await m.b.post(USER_ID, { userId: 'abc-1234', password: STRONG })).body.fields).toEqual({
      userId: '半角英数字で入力してください。',
    });
    expect((await m.b.post(USER_ID, { userId: uniqueUserId(), password: 'short' })).body.fields).toHaveProperty('password');
    expect((await row(m.account.id)).userId).toBe(m.account.userId);
  });

  it('is 404 without the user-ID flag, 401 for a guest; the verify call checks for the member', async () => {
    const m = await member(MIDORI);
    expect((await m.b.screen('/mypage/user-id/edit')).status).toBe(404);
    expect((await m.b.post(USER_ID, { userId: uniqueUserId(), password: STRONG })).status).toBe(404);
    expect((await browser(h, HIKARI).post(USER_ID, { userId: uniqueUserId(), password: STRONG })).status).toBe(401);
    const own = await member(HIKARI, { userId: uniqueUserId() });
    expect((await own.b.post('/zapi/account/user-id/verify', { userId: own.account.userId })).status).toBe(200);
  });
});
