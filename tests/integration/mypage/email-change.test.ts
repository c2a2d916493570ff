import { afterAll, describe, expect, it } from 'vitest';
import { browser, HIKARI, latestCode, MIDORI, MINUTE, mailsTo, SECOND, uniqueEmail } from '../identity/support.ts';
import { credentialsHarness } from './credentials-support.ts';

// Issue 8: the e-mail change of My Page (spec 2, 5, 7, 8) over HTTP on a real database.
const { h, clock, member, row } = await credentialsHarness();
afterAll(() => h.close());

const SEND = '/zapi/account/email/edit/send-pin-code';
const EDIT = '/zapi/account/email/edit';
const RESEND = '/zapi/account/email/send-pin-code';

describe('e-mail change', () => {
  it('mails a code to the new address, changes the address with it, and tells the old address', async () => {
    const m = await member(HIKARI);
    expect((await m.b.screen('/mypage/email/edit')).body).toEqual({ currentEmail: m.email });
    const next = uniqueEmail('new');
    const sent = await m.b.post(SEND, { email: next, type: 'mailEdit' });
    expect(sent).toMatchObject({ status: 200, body: { redirectTo: '/mypage/email/edit/pin-code' } });
    expect((await m.b.screen('/mypage/email/edit/pin-code')).body).toMatchObject({ email: next, resendCountdownSeconds: 30 });
    const code = await latestCode(h, next);
    expect(await m.b.post(EDIT, { email: next, pinCode: code })).toMatchObject({
      status: 200,
      body: { redirectTo: '/mypage/email/edit/complete' },
    });
    expect((await row(m.account.id)).email).toBe(next);
    expect((await m.b.screen('/mypage/email/edit/complete')).body).toEqual({ email: next });
    const [notice] = await mailsTo(h, m.email, 'emailChanged');
    expect(notice?.subject).toContain('メールアドレスが変更されました');
    expect(notice?.text).toContain(`${next.slice(0, 1)}`);
    expect(notice?.text).not.toContain(next);
    // The flow is over: the code page goes back to step 1, and the code cannot be used again.
    expect((await m.b.screen('/mypage/email/edit/pin-code')).body).toEqual({ redirectTo: '/mypage/email/edit' });
    expect((await m.b.post(EDIT, { email: next, pinCode: code })).body.code).toBe('INVALID_SESSION_FLOW');
  });

  it('refuses the current address, an invalid one and a wrong type, and mails nothing', async () => {
    const m = await member(HIKARI);
    const same = await m.b.post(SEND, { email: m.email, type: 'mailEdit' });
    expect(same).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { email: 'メールアドレスを変更してください。' } },
    });
    const bad = await m.b.post(SEND, { email: 'not-an-address', type: 'mailEdit' });
    expect(bad.body.fields).toEqual({ email: 'メールアドレスの形式が正しくありません。' });
    expect((await m.b.post(SEND, { email: uniqueEmail('x'), type: 'signUp' })).status).toBe(400);
    expect((await m.b.post(SEND, { email: uniqueEmail('x'), type: 'mailEdit', extra: 1 })).status).toBe(400);
    expect(await mailsTo(h, m.email)).toEqual([]);
  });

  it("refuses another member's address with the spec's text, before any code is mailed", async () => {
    const other = await member(HIKARI);
    const m = await member(HIKARI);
    const a = await m.b.post(SEND, { email: other.email, type: 'mailEdit' });
    expect(a).toMatchObject({
      status: 409,
      body: {
        code: 'ACCOUNT_ALREADY_EXISTS_EMAIL',
        message: '登録処理に失敗しました。上記エラー内容をご確認ください。',
        fields: { email: 'このメールアドレスは既に使用されています。別のメールアドレスを登録してください。' },
      },
    });
    expect(await mailsTo(h, other.email, 'authCode')).toEqual([]);
  });

  it('refuses a wrong code on pinCode, and after five wrong codes the right one too (like sign-up)', async () => {
    const m = await member(HIKARI);
    const next = uniqueEmail('new');
    await m.b.post(SEND, { email: next, type: 'mailEdit' });
    const code = await latestCode(h, next);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await m.b.post(EDIT, { email: next, pinCode: wrong });
    expect(first).toMatchObject({ status: 400, body: { code: 'PIN_CODE_ERROR', fields: { pinCode: '認証に失敗しました。' } } });
    for (let i = 0; i < 4; i++) await m.b.post(EDIT, { email: next, pinCode: wrong });
    expect((await m.b.post(EDIT, { email: next, pinCode: code })).body.code).toBe('PIN_CODE_ERROR');
    expect((await row(m.account.id)).email).toBe(m.email);
    // A resend gives the flow its tries again, with a new code.
    clock.advance(31 * SECOND);
    expect((await m.b.post(RESEND, { type: 'mailEdit' })).status).toBe(200);
    expect((await m.b.post(EDIT, { email: next, pinCode: await latestCode(h, next) })).status).toBe(200);
  });

  it('answers an expired change, or one for another address, with INVALID_SESSION_FLOW', async () => {
    const m = await member(HIKARI);
    const next = uniqueEmail('new');
    await m.b.post(SEND, { email: next, type: 'mailEdit' });
    const code = await latestCode(h, next);
    expect((await m.b.post(EDIT, { email: uniqueEmail('other'), pinCode: code })).status).toBe(409);
    clock.advance(61 * MINUTE);
    const late = await m.b.post(EDIT, { email: next, pinCode: code });
    expect(late).toMatchObject({ status: 409, body: { code: 'INVALID_SESSION_FLOW' } });
    expect((await m.b.post(RESEND, { type: 'mailEdit' })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await row(m.account.id)).email).toBe(m.email);
  });

  it('resends only for the member whose change it is', async () => {
    const m = await member(HIKARI);
    const next = uniqueEmail('new');
    await m.b.post(SEND, { email: next, type: 'mailEdit' });
    clock.advance(31 * SECOND);
    expect((await m.b.post(RESEND, { type: 'mailEdit', email: next })).status).toBe(200);
    expect(await mailsTo(h, next, 'authCode')).toHaveLength(2);
    // Another member in the same browser (their flow cookie left behind) cannot use it.
    const other = await member(HIKARI);
    other.b.jar.set('mef', m.b.jar.get('mef') as string);
    clock.advance(31 * SECOND);
    expect((await other.b.post(RESEND, { type: 'mailEdit' })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await other.b.post(EDIT, { email: next, pinCode: await latestCode(h, next) })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await other.b.screen('/mypage/email/edit/pin-code')).body).toEqual({ redirectTo: '/mypage/email/edit' });
    // A guest holding the cookie is not signed in at all.
    const guest = browser(h, HIKARI);
    guest.jar.set('mef', m.b.jar.get('mef') as string);
    expect((await guest.post(RESEND, { type: 'mailEdit' })).status).toBe(401);
  });

  it('answers a guest 401 and sends the pages to the login', async () => {
    const guest = browser(h, HIKARI);
    expect((await guest.post(SEND, { email: uniqueEmail('g'), type: 'mailEdit' })).status).toBe(401);
    expect((await guest.post(EDIT, { email: uniqueEmail('g'), pinCode: '123456' })).status).toBe(401);
    expect((await guest.screen('/mypage/email/edit')).body).toEqual({ redirectTo: '/login?redirectTo=%2Fmypage%2Femail%2Fedit' });
  });

  it("does not let another store's member change anything", async () => {
    const m = await member(HIKARI);
    const visitor = browser(h, MIDORI);
    for (const k of ['sid', 'auid']) visitor.jar.set(k, m.b.jar.get(k) as string);
    expect((await visitor.post(SEND, { email: uniqueEmail('v'), type: 'mailEdit' })).status).toBe(401);
    expect((await visitor.screen('/mypage/email/edit')).body.redirectTo).toMatch(/^\/login/);
    expect((await row(m.account.id)).email).toBe(m.email);
  });
});
