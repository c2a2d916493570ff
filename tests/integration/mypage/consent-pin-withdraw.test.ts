import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountConsents, accounts, accountWithdrawals, consentChanges, loginHistory, sessions } from '#server/db/schema.ts';
import { verifyPassword } from '#server/platform/auth/passwords.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  countRows,
  type Harness,
  latestCode,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  mailsTo,
  midoriDoc,
  midoriForm,
  seedMember,
  signUp,
  uniqueEmail,
} from '../identity/support.ts';

// My Page, issue 8: the consent toggles, the profile PIN and the withdrawal, through the HTTP API.
// sora: newsletter, privacy and PIN on; midori: privacy only.

const SORA = 'sora.test.localhost';
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.apply(
    tenantDoc('sora', {
      hosts: [SORA],
      features: { newsletter: true, privacy: true, pinCode: true },
      authCode: { purposes: { withdraw: { displayName: { ja: '退会確認コード', en: 'withdrawal code' } } } },
      policies: [
        { key: 'terms', policyId: 'terms', revision: 1, title: { ja: '規約' }, body: { ja: '本文' } },
        { key: 'privacy', policyId: 'privacy', revision: 4, title: { ja: 'プライバシー' }, body: { ja: '本文' } },
      ],
      consentOptions: [
        { consentOptionId: 'sora-news', key: 'newsletter', title: { ja: 'メルマガ', en: 'News' }, defaultValue: true },
        { consentOptionId: 'sora-reco', key: 'privacy', title: { ja: 'おすすめ' }, description: { ja: '履歴を使います' } },
      ],
    }),
  );
  await h.apply(
    midoriDoc({
      features: { privacy: true },
      policies: [
        {
          key: 'privacy',
          policyId: 'privacy',
          revision: 1,
          title: { ja: 'プライバシー' },
          isExternal: true,
          externalUrl: 'https://midori.example.jp/privacy',
        },
      ],
      consentOptions: [
        { consentOptionId: 'midori-research', key: 'privacy', title: { ja: '視聴データ' } },
        { consentOptionId: 'midori-news', key: 'newsletter', title: { ja: 'ニュース' } },
      ],
    }),
  );
});
afterAll(() => h.close());

async function member(host: string, storeId: string) {
  const email = uniqueEmail(storeId);
  const account = await seedMember(h, storeId, { email, password: MIDORI_PASSWORD });
  const b = browser(h, host);
  expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
  return { b, email, account };
}

const consentRows = (accountId: string) => countRows(h, consentChanges, eq(consentChanges.accountId, accountId));

describe('consent (POST /zapi/account/consent, /mypage/consent)', () => {
  it('lists the screen’s options with the defaults, then the member’s choice; every change is kept with the policy revision', async () => {
    const { b, account } = await member(SORA, 'sora');
    const before = await b.screen('/mypage/consent?type=newsletter');
    expect(before.body).toEqual({
      type: 'newsletter',
      options: [{ consentOptionId: 'sora-news', key: 'newsletter', title: 'メルマガ', description: null, value: true }],
      privacyPolicyHref: null,
    });
    const set = await b.post('/zapi/account/consent', { consentOptionId: 'sora-news', key: 'newsletter', value: false });
    expect(set).toMatchObject({ status: 200, body: { value: false } });
    expect((await b.screen('/mypage/consent?type=newsletter')).body.options[0].value).toBe(false);
    await b.post('/zapi/account/consent', { consentOptionId: 'sora-news', key: 'newsletter', value: true });
    const changes = await h.database.admin.select().from(consentChanges).where(eq(consentChanges.accountId, account.id));
    expect(changes.map((c) => [c.consentOptionId, c.value, c.policyRevision])).toEqual([
      ['sora-news', false, 4],
      ['sora-news', true, 4],
    ]);
    const privacy = await b.screen('/mypage/consent?type=privacy');
    expect(privacy.body).toMatchObject({ type: 'privacy', privacyPolicyHref: '/privacy' });
    expect(privacy.body.options).toEqual([
      { consentOptionId: 'sora-reco', key: 'privacy', title: 'おすすめ', description: '履歴を使います', value: false },
    ]);
  });

  it('links an external privacy policy, and answers 404 for a screen whose flag is off (page and call)', async () => {
    const { b, account } = await member(MIDORI, 'midori');
    expect((await b.screen('/mypage/consent?type=privacy')).body.privacyPolicyHref).toBe('https://midori.example.jp/privacy');
    expect((await b.screen('/mypage/consent?type=newsletter')).status).toBe(404);
    const off = await b.post('/zapi/account/consent', { consentOptionId: 'midori-news', key: 'newsletter', value: true });
    expect(off).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await consentRows(account.id)).toBe(0);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const { b, account } = await member(SORA, 'sora');
    const unknown = await b.post('/zapi/account/consent', { consentOptionId: 'nope', key: 'newsletter', value: true });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(unknown.body.fields).toEqual({ consentOptionId: 'この同意項目は存在しません。' });
    const wrongKey = await b.post('/zapi/account/consent', { consentOptionId: 'sora-news', key: 'privacy', value: true });
    expect(wrongKey).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    for (const body of [
      { consentOptionId: 'sora-news', key: 'newsletter', value: 'yes' },
      { consentOptionId: 'sora-news', key: 'x', value: true },
      {},
    ])
      expect((await b.post('/zapi/account/consent', body)).body.code).toBe('VALIDATION_FAILED');
    expect((await b.post('/zapi/account/consent', { consentOptionId: 'sora-news', key: 'newsletter', value: true, extra: 1 })).status).toBe(
      400,
    );
    expect(await consentRows(account.id)).toBe(0);
    expect(await countRows(h, accountConsents, eq(accountConsents.accountId, account.id))).toBe(0);
  });

  it('sends a guest to the login page and answers the call 401; another store’s member cannot touch it', async () => {
    const guest = browser(h, SORA);
    expect((await guest.screen('/mypage/consent?type=privacy')).body).toEqual({
      redirectTo: `/login?redirectTo=${encodeURIComponent('/mypage/consent?type=privacy')}`,
    });
    expect((await guest.post('/zapi/account/consent', { consentOptionId: 'sora-news', key: 'newsletter', value: false })).status).toBe(401);
    const { b } = await member(MIDORI, 'midori');
    // Midori's session is not a session of sora: there, this browser is a guest.
    const stranger = browser(h, SORA);
    stranger.jar.set('sid', b.jar.get('sid') ?? '');
    expect((await stranger.post('/zapi/account/consent', { consentOptionId: 'sora-news', key: 'newsletter', value: false })).status).toBe(
      401,
    );
  });
});

describe('PIN code (POST /zapi/account/pinCode/set, /mypage/pin-code)', () => {
  it('stores the PIN hashed and names the completion page', async () => {
    const { b, account } = await member(SORA, 'sora');
    expect((await b.screen('/mypage/pin-code')).body).toEqual({});
    const set = await b.post('/zapi/account/pinCode/set', { pinCode: '０４２７' });
    expect(set).toMatchObject({ status: 200, body: { redirectTo: '/mypage/pin-code/complete' } });
    const [row] = await h.database.admin.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.pinCodeHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.pinCodeHash, '0427')).toBe(true);
    expect(row?.pinCodeUpdatedAt).toBeInstanceOf(Date);
    expect((await b.screen('/mypage/pin-code/complete')).status).toBe(200);
  });

  it('refuses a PIN that is not 4 digits, with the field’s message, and changes nothing', async () => {
    const { b, account } = await member(SORA, 'sora');
    const cases: [unknown, string][] = [
      ['123', '4桁のPINコードを入力してください。'],
      ['12345', '4桁のPINコードを入力してください。'],
      ['12a4', 'PINコードに使用できない文字が含まれています。'],
      [1234, '4桁のPINコードを入力してください。'],
    ];
    for (const [pinCode, message] of cases) {
      const a = await b.post('/zapi/account/pinCode/set', { pinCode });
      expect(a).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { pinCode: message } } });
    }
    const [row] = await h.database.admin.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.pinCodeHash).toBeNull();
  });

  it('is 404 without the flag (page and call), 401 / login for a guest, and another store’s session counts for nothing', async () => {
    const { b } = await member(MIDORI, 'midori');
    expect((await b.screen('/mypage/pin-code')).status).toBe(404);
    expect((await b.post('/zapi/account/pinCode/set', { pinCode: '1234' })).status).toBe(404);
    const guest = browser(h, SORA);
    expect((await guest.screen('/mypage/pin-code')).body.redirectTo).toMatch(/^\/login\?redirectTo=/);
    expect((await guest.post('/zapi/account/pinCode/set', { pinCode: '1234' })).status).toBe(401);
    guest.jar.set('sid', b.jar.get('sid') ?? '');
    expect((await guest.post('/zapi/account/pinCode/set', { pinCode: '1234' })).status).toBe(401);
  });
});

async function confirmWithdrawal(b: Browser) {
  const a = await b.post('/zapi/account/withdraw/confirm', { consent: true });
  expect(a).toMatchObject({ status: 200, body: { redirectTo: '/withdraw/pin-code' } });
}

describe('withdrawal (POST /zapi/account/withdraw/confirm, DELETE /zapi/account/withdraw)', () => {
  it('mails a withdraw code, erases the account with the code, ends every session, and the address can sign up again', async () => {
    const { b, email, account } = await member(SORA, 'sora');
    const other = browser(h, SORA);
    await loginWithPassword(other, email, MIDORI_PASSWORD);
    await b.post('/zapi/account/consent', { consentOptionId: 'sora-news', key: 'newsletter', value: false });
    expect((await b.screen('/withdraw')).body).toEqual({ survey: null, blockedByPlan: false });
    await confirmWithdrawal(b);
    const [mail] = await mailsTo(h, email, 'authCode');
    expect(mail?.subject).toContain('退会確認コード');
    expect((await b.screen('/withdraw/pin-code')).body).toMatchObject({ email, validityMinutes: 60, resendCountdownSeconds: 30 });
    const withdrawnBefore = await countRows(h, accountWithdrawals, eq(accountWithdrawals.storeId, 'sora'));

    const done = await b.delete('/zapi/account/withdraw', { pinCode: await latestCode(h, email) });
    expect(done).toMatchObject({ status: 200, body: { redirectTo: '/withdraw/complete' } });
    expect(done.setCookies.some((l) => /^sid=;/.test(l) && /max-age=0/i.test(l))).toBe(true);
    expect(await b.authId()).toBe('');
    expect(await other.authId()).toBe('');
    expect(await countRows(h, accounts, eq(accounts.id, account.id))).toBe(0);
    for (const table of [sessions, loginHistory, accountConsents, consentChanges])
      expect(await countRows(h, table, eq(table.accountId, account.id))).toBe(0);
    const rows = await h.database.admin.select().from(accountWithdrawals).where(eq(accountWithdrawals.storeId, 'sora'));
    expect(rows).toHaveLength(withdrawnBefore + 1);
    expect(Object.keys(rows.at(-1) ?? {}).sort()).toEqual(['answers', 'id', 'storeId', 'withdrawnAt']);
    expect((await b.screen('/withdraw/complete')).status).toBe(200);

    const again = browser(h, SORA);
    const policyConsentData = [
      { policyId: 'terms', revision: 1, agreed: true },
      { policyId: 'privacy', revision: 4, agreed: true },
    ];
    const signedUp = await signUp(again, email, midoriForm({ policyConsentData }), { readCode: (e) => latestCode(h, e) });
    expect(signedUp.body).toMatchObject({ redirectTo: expect.any(String) });
    expect(await countRows(h, accounts, and(eq(accounts.storeId, 'sora'), eq(accounts.email, email)))).toBe(1);
  });

  it('resends the withdraw code to the member only, for their own flow', async () => {
    const { b, email } = await member(SORA, 'sora');
    await confirmWithdrawal(b);
    const guest = browser(h, SORA);
    expect((await guest.post('/zapi/account/email/send-pin-code', { type: 'withdraw' })).status).toBe(401);
    const other = await member(SORA, 'sora');
    other.b.jar.set('wdf', b.jar.get('wdf') ?? '');
    expect((await other.b.post('/zapi/account/email/send-pin-code', { type: 'withdraw' })).body.code).toBe('INVALID_SESSION_FLOW');
    expect(await mailsTo(h, other.email, 'authCode')).toHaveLength(0);
    expect((await b.post('/zapi/account/email/send-pin-code', { type: 'withdraw', email: 'someone@example.jp' })).body.code).toBe(
      'INVALID_SESSION_FLOW',
    );
    expect(await mailsTo(h, email, 'authCode')).toHaveLength(1);
  });

  it('refuses the confirmation without consent, and a wrong, missing or foreign code, erasing nothing', async () => {
    const { b, email, account } = await member(SORA, 'sora');
    const noConsent = await b.post('/zapi/account/withdraw/confirm', { consent: false });
    expect(noConsent).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', fields: { consent: '同意は必須です' } } });
    expect((await b.post('/zapi/account/withdraw/confirm', {})).body.fields.consent).toBe('同意は必須です');
    expect(await mailsTo(h, email, 'authCode')).toHaveLength(0);
    expect((await b.delete('/zapi/account/withdraw', { pinCode: '123456' })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await b.screen('/withdraw/pin-code')).body).toEqual({ redirectTo: '/withdraw' });

    await confirmWithdrawal(b);
    const code = await latestCode(h, email);
    const wrong = await b.delete('/zapi/account/withdraw', { pinCode: code === '000000' ? '111111' : '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'PIN_CODE_ERROR', fields: { pinCode: '認証に失敗しました。' } } });
    const empty = await b.delete('/zapi/account/withdraw', { pinCode: '' });
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    expect(empty.body.fields.pinCode).toContain('退会確認コード');
    // Another member of the store carrying this flow's cookie cannot use it.
    const other = await member(SORA, 'sora');
    other.b.jar.set('wdf', b.jar.get('wdf') ?? '');
    expect((await other.b.delete('/zapi/account/withdraw', { pinCode: code })).body.code).toBe('INVALID_SESSION_FLOW');
    expect(await countRows(h, accounts, eq(accounts.id, account.id))).toBe(1);
    expect(await countRows(h, accounts, eq(accounts.id, other.account.id))).toBe(1);
  });

  it('answers a guest 401 and sends a guest’s /withdraw to login; another store’s session is a guest here', async () => {
    const guest = browser(h, SORA);
    expect((await guest.post('/zapi/account/withdraw/confirm', { consent: true })).status).toBe(401);
    expect((await guest.delete('/zapi/account/withdraw', { pinCode: '123456' })).status).toBe(401);
    expect((await guest.screen('/withdraw')).body.redirectTo).toBe('/login?redirectTo=%2Fwithdraw');
    const { b, account } = await member(MIDORI, 'midori');
    guest.jar.set('sid', b.jar.get('sid') ?? '');
    expect((await guest.post('/zapi/account/withdraw/confirm', { consent: true })).status).toBe(401);
    expect(await countRows(h, accounts, eq(accounts.id, account.id))).toBe(1);
  });
});
