import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, authCodes, authFlows, mailOutbox, policyConsents } from '#server/db/schema.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Answer,
  type Browser,
  browser,
  codeIn,
  cookieAttributes,
  countRows,
  type Harness,
  HIKARI,
  HIKARI_CONSENT,
  HIKARI_PASSWORD,
  hikariDoc,
  hikariForm,
  type Json,
  MIDORI,
  MIDORI_PUBLIC,
  mailsTo,
  midoriDoc,
  midoriForm,
  movableClock,
  seedMember,
  signUp,
  startSmtpServer,
  uniqueEmail,
  uniqueUserId,
  withoutRequestId,
} from './support.ts';

// Sign-up over the API with mail delivered to a real SMTP server: the code is read from the
// message the server received, as a person would read it from their inbox.

/** sora: the defaults plus a terms policy, consented to after the code. */
const SORA = 'sora.test.localhost';

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  h = await createHarness({ SMTP_URL: smtp.url }, movableClock().now);
  await h.apply(hikariDoc());
  await h.apply(midoriDoc());
  await h.apply(
    tenantDoc('sora', {
      hosts: [SORA],
      serviceName: 'そらチャンネル',
      policies: [{ key: 'terms', policyId: 'sora-terms', revision: 3, title: { ja: '利用規約' }, body: { ja: '第1条…' } }],
    }),
  );
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

/** The code in the newest code mail the SMTP server received for an address. */
async function codeFromInbox(email: string): Promise<string> {
  const mail = smtp.to(email).findLast((m) => m.message.headers.get('subject')?.includes('認証コード'));
  if (!mail) throw new Error(`no code mail received for ${email}`);
  return codeIn(mail.message.text);
}

const accountCount = () => countRows(h, accounts);
const accountOf = async (email: string) => (await h.database.admin.select().from(accounts).where(eq(accounts.email, email)))[0];

/**
 * A field's message. The body names fields as the request does (`name`), but the server
 * currently prefixes the form's fields (`form.name`): that is asserted by its own test below, so
 * the other tests read either name and keep testing the messages.
 */
const fieldMessage = (body: Json, name: string): string | undefined => body.fields?.[name] ?? body.fields?.[`form.${name}`];

function expectSessionCookies(a: Answer, secure: boolean) {
  for (const [name, httpOnly] of [
    ['sid', true],
    ['auid', false],
    ['latid', true],
  ] as const) {
    const c = cookieAttributes(a.setCookies, name);
    expect(c, `${name} is set`).not.toBeNull();
    expect(c?.get('value')).not.toBe('');
    expect(c?.get('samesite')).toBe('Lax');
    expect(c?.get('path')).toBe('/');
    expect(c?.has('domain'), `${name} is host-only`).toBe(false);
    expect(c?.has('httponly'), `${name} HttpOnly`).toBe(httpOnly);
    expect(c?.has('secure'), `${name} Secure`).toBe(secure);
  }
}

/** hikari up to a proven code: policy, e-mail, code. */
async function hikariUpToForm(b: Browser, email: string) {
  expect((await b.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT })).body).toEqual({ redirectTo: '/signup/auth' });
  expect((await b.post('/zapi/signup/email', { type: 'signUp', email })).body).toEqual({ redirectTo: '/signup/pin-code' });
  expect((await b.post('/zapi/signup/pin-code', { pinCode: await codeFromInbox(email) })).body).toEqual({ redirectTo: '/signup/form' });
}

describe('sign-up on a store that shows the policy first (hikari)', () => {
  it('walks policy, e-mail, the code from the mail and the form, and signs the new member in', async () => {
    const b = browser(h, HIKARI);
    const email = uniqueEmail('hikari-join');
    const userId = uniqueUserId();

    expect((await b.screen('/signup')).body).toMatchObject({
      step: 1,
      totalSteps: 4,
      policies: [{ policyId: 'terms' }, { policyId: 'privacy', isExternal: true }],
    });
    expect((await b.screen('/signup/email')).body).toEqual({ redirectTo: '/signup' });

    const policy = await b.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT });
    expect(policy.body).toEqual({ redirectTo: '/signup/auth' });
    expect(cookieAttributes(policy.setCookies, 'sgf')?.has('httponly')).toBe(true);
    expect((await b.screen('/signup/email')).body).toEqual({ step: 2, totalSteps: 4 });

    expect((await b.post('/zapi/signup/email', { type: 'signUp', email })).body).toEqual({ redirectTo: '/signup/pin-code' });
    const [codeMail] = smtp.to(email);
    expect(codeMail?.from).toBe('no-reply@hikari.example.jp');
    expect(codeMail?.message.headers.get('subject')).toBe('【ひかりビデオ】認証コードのお知らせ');
    expect(codeMail?.message.text).toContain('ひかりビデオの会員登録を続けるには');
    expect((await b.screen('/signup/pin-code')).body).toMatchObject({ email, validityMinutes: 60, resendCountdownSeconds: 30 });

    expect((await b.post('/zapi/signup/pin-code', { pinCode: await codeFromInbox(email) })).body).toEqual({ redirectTo: '/signup/form' });
    expect((await b.screen('/signup/form')).body).toEqual({ step: 3, totalSteps: 4, email });

    const before = await accountCount();
    const done = await b.post('/zapi/signup', hikariForm(userId));
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ redirectTo: '/signup/plans' });
    expectSessionCookies(done, false);
    expect(cookieAttributes(done.setCookies, 'sgf')?.get('max-age')).toBe('0');
    expect(await b.authId()).toBe(b.jar.get('auid'));
    expect((await b.screen('/signup/plans')).body).toMatchObject({ step: 4, totalSteps: 4, plans: [{ planId: 'monthly' }] });

    expect(await accountCount()).toBe(before + 1);
    const account = await accountOf(email);
    expect(account).toMatchObject({ storeId: 'hikari', userId, publicId: b.jar.get('auid') });
    expect(account?.profile).toEqual({ name: '山田 太郎', nickname: null, sex: 1, birthday: '19900115' });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const consents = await h.database.admin
      .select()
      .from(policyConsents)
      .where(eq(policyConsents.accountId, account?.id ?? ''));
    expect(consents.map((c) => [c.policyId, c.revision]).sort()).toEqual([
      ['privacy', 2],
      ['terms', 1],
    ]);

    const welcome = smtp.to(email).at(-1);
    expect(welcome?.message.headers.get('subject')).toBe('【ひかりビデオ】会員登録が完了しました');
    const rows = await mailsTo(h, email);
    expect(rows.map((r) => [r.kind, r.transport, r.sentAt !== null, r.error])).toEqual([
      ['welcome', 'smtp', true, null],
      ['authCode', 'smtp', true, null],
    ]);

    // The new password works at once, by user ID as well as by e-mail.
    expect((await browser(h, HIKARI).post('/login', { emailUserId: userId, password: HIKARI_PASSWORD })).status).toBe(200);
  });

  it('in the app (which hides plans) ends at the completion page instead of the plan list', async () => {
    const app = browser(h, HIKARI, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) StoreApp/2.1' } });
    await hikariUpToForm(app, uniqueEmail('hikari-app'));
    const done = await app.post('/zapi/signup', hikariForm(uniqueUserId()));
    expect(done.body).toEqual({ redirectTo: '/signup/complete' });
    expect((await app.screen('/signup/plans')).body).toEqual({ redirectTo: '/signup/complete' });
    expect((await app.screen('/signup/complete')).body).toEqual({ step: 4, totalSteps: 4 });
  });

  it('the welcome mail links to the login page with an absolute URL', async () => {
    // Mail links need the origin: the store's (first host, http and the server's port for a
    // localhost name; decision 0009), never the request's.
    const b = browser(h, HIKARI);
    const email = uniqueEmail('hikari-welcome');
    await hikariUpToForm(b, email);
    expect((await b.post('/zapi/signup', hikariForm(uniqueUserId()))).status).toBe(200);
    const welcome = smtp.to(email).at(-1)?.message;
    expect(welcome?.text).toContain('http://hikari.test.localhost:3000/login');
    expect(welcome?.html).toContain('href="http://hikari.test.localhost:3000/login"');
  });

  it('refuses the e-mail step before the policies are agreed, and sends nothing', async () => {
    const email = uniqueEmail('hikari-nopolicy');
    const a = await browser(h, HIKARI).post('/zapi/signup/email', { type: 'signUp', email });
    expect(a.status).toBe(409);
    expect(a.body.code).toBe('SIGNUP_FLOW_EXPIRED');
    expect(smtp.to(email)).toEqual([]);
    expect(await countRows(h, authCodes, eq(authCodes.email, email))).toBe(0);
  });

  it('refuses a policy step with the external policy unticked (同意が必須です。) or an old revision', async () => {
    const b = browser(h, HIKARI);
    const flowsBefore = await countRows(h, authFlows);
    const unticked = await b.post('/zapi/signup/policy', {
      policyConsentData: [HIKARI_CONSENT[0], { policyId: 'privacy', revision: 2, agreed: false }],
    });
    expect(unticked.status).toBe(400);
    expect(unticked.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'policyConsentData.1.agreed': '同意が必須です。' } });
    const outdated = await b.post('/zapi/signup/policy', {
      policyConsentData: [HIKARI_CONSENT[0], { policyId: 'privacy', revision: 1, agreed: true }],
    });
    expect(outdated.body.fields).toEqual({
      'policyConsentData.1.agreed': '規約が更新されました。最新の内容をご確認のうえ、同意してください。',
    });
    const missing = await b.post('/zapi/signup/policy', {});
    expect(missing.status).toBe(400);
    expect(await countRows(h, authFlows)).toBe(flowsBefore);
    expect(b.jar.has('sgf')).toBe(false);
  });

  it('refuses a form with REQUIRED fields missing, in Japanese, and writes nothing', async () => {
    const b = browser(h, HIKARI);
    const email = uniqueEmail('hikari-required');
    await hikariUpToForm(b, email);
    const before = await accountCount();

    const a = await b.post('/zapi/signup', { password: HIKARI_PASSWORD, passwordConfirm: HIKARI_PASSWORD });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: '入力内容に誤りがあります。' });
    expect(fieldMessage(a.body, 'userId')).toBe('ユーザIDを入力してください。');
    expect(fieldMessage(a.body, 'name')).toBe('この項目は必須です。');
    expect(fieldMessage(a.body, 'sex')).toBe('性別を選択してください。');
    expect(fieldMessage(a.body, 'birthday')).toBe('この項目は必須です。');
    expect(await accountCount()).toBe(before);
    expect(a.setCookies).toEqual([]);

    // The flow is intact: the corrected form goes through.
    expect((await b.post('/zapi/signup', hikariForm(uniqueUserId()))).status).toBe(200);
    expect(await accountCount()).toBe(before + 1);
  });

  it('names a failing field as the request body names it (fields.name, not fields["form.name"])', async () => {
    // server/features/signup/routes.ts validates { form } with parseInput, so every form issue
    // path starts with 'form.'; the body has the fields at its top level, and the server's own
    // checks (common password, taken user ID) already answer fields.password / fields.userId.
    const b = browser(h, HIKARI);
    await hikariUpToForm(b, uniqueEmail('hikari-fieldnames'));
    const a = await b.post('/zapi/signup', hikariForm(uniqueUserId(), { name: '' }));
    expect(a.body.fields).toEqual({ name: 'この項目は必須です。' });
  });

  it('refuses too long, wrong types, unknown fields, weak and common passwords; nothing is written', async () => {
    const b = browser(h, HIKARI);
    await hikariUpToForm(b, uniqueEmail('hikari-bad'));
    const before = await accountCount();
    const userId = uniqueUserId();
    const send = (extra: Json) => b.post('/zapi/signup', hikariForm(userId, extra));

    const long = await send({ name: 'あ'.repeat(51) });
    expect(long.status).toBe(400);
    expect(fieldMessage(long.body, 'name')).toBe('50文字以内で入力してください。');

    const wrongType = await send({ name: 12, sex: '5', birthday: '20261301' });
    expect(wrongType.status).toBe(400);
    expect(fieldMessage(wrongType.body, 'name')).toBe('入力内容が正しくありません。');
    expect(fieldMessage(wrongType.body, 'sex')).toBe('性別を選択してください。');
    expect(fieldMessage(wrongType.body, 'birthday')).toBe('生年月日の形式が正しくありません');

    const shortId = await send({ userId: 'ab1' });
    expect(fieldMessage(shortId.body, 'userId')).toBe('ユーザIDは6文字以上です。');

    const unknown = await send({ isAdmin: true });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { isAdmin: 'この項目は受け付けられません。' } });

    const weak = await send({ password: 'hikari2026ok', passwordConfirm: 'hikari2026ok' });
    expect(fieldMessage(weak.body, 'password')).toBe('パスワードには英大文字を1文字以上含めてください。');
    const mismatch = await send({ passwordConfirm: 'Other#2026ok' });
    expect(fieldMessage(mismatch.body, 'passwordConfirm')).toBe('パスワードが一致しません');

    const common = await send({ password: 'P@ssw0rd', passwordConfirm: 'P@ssw0rd' });
    expect(common.status).toBe(400);
    expect(common.body.fields).toEqual({
      password: 'このパスワードは推測されやすいため使用できません。別のパスワードを入力してください。',
    });

    const notJson = await b.post('/zapi/signup', '[1,2]');
    expect(notJson.body.code).toBe('BAD_REQUEST');

    expect(await accountCount()).toBe(before);
    expect(b.jar.has('sid')).toBe(false);
  });

  it('refuses a user ID already taken, in any letter case, with the exact message; the availability check agrees', async () => {
    const userId = uniqueUserId();
    await seedMember(h, 'hikari', { email: uniqueEmail('hikari-owner'), password: HIKARI_PASSWORD, userId });

    // The availability check answers a viewer who has reached the form (e-mail proven).
    const chooser = browser(h, HIKARI);
    await hikariUpToForm(chooser, uniqueEmail('hikari-chooser'));
    const verify = await chooser.post('/zapi/account/user-id/verify', { userId: userId.toUpperCase() });
    expect(verify.status).toBe(409);
    expect(verify.body).toMatchObject({
      code: 'ACCOUNT_ALREADY_EXISTS_USER_ID',
      message: 'このユーザIDは既に使用されています。別のユーザIDを登録してください。',
      fields: { userId: 'このユーザIDは既に使用されています。別のユーザIDを登録してください。' },
    });
    expect((await chooser.post('/zapi/account/user-id/verify', { userId: uniqueUserId() })).body).toEqual({ available: true });
    expect((await chooser.post('/zapi/account/user-id/verify', { userId: 'a' })).status).toBe(400);

    const b = browser(h, HIKARI);
    await hikariUpToForm(b, uniqueEmail('hikari-takenid'));
    const before = await accountCount();
    const taken = await b.post('/zapi/signup', hikariForm(userId.toUpperCase()));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'ACCOUNT_ALREADY_EXISTS_USER_ID',
      message: 'このユーザIDは既に使用されています。別のユーザIDを登録してください。',
      fields: { userId: 'このユーザIDは既に使用されています。別のユーザIDを登録してください。' },
    });
    expect(await accountCount()).toBe(before);
  });

  it('answers the user-ID availability check only on the form or for a member, and throttles it', async () => {
    const taken = uniqueUserId();
    await seedMember(h, 'hikari', { email: uniqueEmail('hikari-probed'), password: HIKARI_PASSWORD, userId: taken });
    // A stranger without a sign-up flow, and one whose e-mail is not proven yet, learn nothing.
    const stranger = await browser(h, HIKARI).post('/zapi/account/user-id/verify', { userId: taken });
    expect([stranger.status, stranger.body.code]).toEqual([409, 'SIGNUP_FLOW_EXPIRED']);
    const halfway = browser(h, HIKARI);
    expect((await halfway.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT })).status).toBe(200);
    expect((await halfway.post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail('hikari-halfway') })).status).toBe(200);
    expect((await halfway.post('/zapi/account/user-id/verify', { userId: taken })).body.code).toBe('SIGNUP_FLOW_EXPIRED');

    // On the form: 20 checks are free; then the flow waits, and after 40 it is blocked.
    const prober = browser(h, HIKARI);
    await hikariUpToForm(prober, uniqueEmail('hikari-prober'));
    for (let i = 0; i < 20; i++) expect((await prober.post('/zapi/account/user-id/verify', { userId: uniqueUserId() })).status).toBe(200);
    const waiting = await prober.post('/zapi/account/user-id/verify', { userId: taken });
    expect(waiting.status).toBe(429);
    expect(waiting.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another viewer on the form is not held back by the prober's count.
    const other = browser(h, HIKARI);
    await hikariUpToForm(other, uniqueEmail('hikari-other'));
    expect((await other.post('/zapi/account/user-id/verify', { userId: taken })).status).toBe(409);
  });
});

describe('sign-up on a store with the defaults (midori)', () => {
  it('e-mail, code, form: the account is created without the NOT_USE field, and the welcome mail is sent', async () => {
    const b = browser(h, MIDORI);
    const email = uniqueEmail('midori-join');
    expect((await b.screen('/signup')).body).toEqual({ redirectTo: '/signup/auth' });
    expect((await b.screen('/signup/email')).body).toEqual({ step: 1, totalSteps: 3 });

    const done = await signUp(b, email, midoriForm({ nickname: 'ミドリ', phoneNumber: '090-1234-5678' }), { readCode: codeFromInbox });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ redirectTo: '/signup/complete' });
    expectSessionCookies(done, false);
    expect(await b.authId()).toBe(b.jar.get('auid'));

    const account = await accountOf(email);
    expect(account?.profile).toEqual({ phoneNumber: '09012345678' });
    expect(account?.profile).not.toHaveProperty('nickname');
    expect(account?.userId).toBeNull();
    expect(smtp.to(email).map((m) => m.message.headers.get('subject'))).toEqual([
      '【みどりシネマ】認証コードのお知らせ',
      '【みどりシネマ】会員登録が完了しました',
    ]);
  });

  it('sets Secure cookies on a public host name', async () => {
    const b = browser(h, MIDORI_PUBLIC);
    const email = uniqueEmail('midori-secure');
    const first = await b.post('/zapi/signup/email', { type: 'signUp', email });
    expect(cookieAttributes(first.setCookies, 'sgf')?.has('secure')).toBe(true);
    expect((await b.post('/zapi/signup/pin-code', { pinCode: await codeFromInbox(email) })).status).toBe(200);
    const done = await b.post('/zapi/signup', midoriForm());
    expect(done.status).toBe(200);
    expectSessionCookies(done, true);
  });

  it('answers an address already registered like a new one until its code is proven, then ACCOUNT_ALREADY_EXISTS_EMAIL', async () => {
    const member = uniqueEmail('midori-member');
    await seedMember(h, 'midori', { email: member, password: 'midori2026ok' });
    const newcomer = uniqueEmail('midori-newcomer');

    const b = browser(h, MIDORI);
    const forMember = await b.post('/zapi/signup/email', { type: 'signUp', email: member });
    const forNewcomer = await browser(h, MIDORI).post('/zapi/signup/email', { type: 'signUp', email: newcomer });
    expect([forMember.status, forMember.body]).toEqual([forNewcomer.status, forNewcomer.body]);
    expect(smtp.to(member)).toHaveLength(1);
    expect(smtp.to(newcomer)).toHaveLength(1);

    const wrong = await b.post('/zapi/signup/pin-code', { pinCode: (Number(await codeFromInbox(member)) ^ 1).toString().padStart(6, '0') });
    expect(wrong.body.code).toBe('PIN_CODE_ERROR');

    const before = await accountCount();
    const proven = await b.post('/zapi/signup/pin-code', { pinCode: await codeFromInbox(member) });
    expect(proven.status).toBe(409);
    expect(proven.body).toMatchObject({
      code: 'ACCOUNT_ALREADY_EXISTS_EMAIL',
      message: '登録処理に失敗しました。上記エラー内容をご確認ください。',
      fields: { pinCode: 'このメールアドレスは既に使用されています。別のメールアドレスを登録してください。' },
    });
    // The flow is over: the form cannot be sent for that address.
    expect(b.jar.has('sgf')).toBe(false);
    expect((await b.post('/zapi/signup', midoriForm())).body.code).toBe('SIGNUP_FLOW_EXPIRED');
    expect(await accountCount()).toBe(before);
  });

  it('a changed e-mail needs a new code: the first address’s code does not prove the second', async () => {
    const b = browser(h, MIDORI);
    const first = uniqueEmail('midori-first');
    const second = uniqueEmail('midori-second');
    await b.post('/zapi/signup/email', { type: 'signUp', email: first });
    const firstCode = await codeFromInbox(first);
    await b.post('/zapi/signup/email', { type: 'signUp', email: second });
    expect((await b.screen('/signup/pin-code')).body.email).toBe(second);

    const withOld = await b.post('/zapi/signup/pin-code', { pinCode: firstCode });
    expect(withOld.status).toBe(400);
    expect(withOld.body.code).toBe('PIN_CODE_ERROR');
    expect((await b.post('/zapi/signup', midoriForm())).body.code).toBe('SIGNUP_FLOW_EXPIRED');

    // Resending is for the flow's own address only.
    const other = await b.post('/zapi/account/email/send-pin-code', { type: 'signUp', email: first });
    expect(other.body.code).toBe('SIGNUP_FLOW_EXPIRED');

    expect((await b.post('/zapi/signup/pin-code', { pinCode: await codeFromInbox(second) })).status).toBe(200);
    expect((await b.post('/zapi/signup', midoriForm())).status).toBe(200);
    expect(await accountOf(first)).toBeUndefined();
    expect((await accountOf(second))?.storeId).toBe('midori');
  });

  it('refuses the form and the later screens when steps are skipped', async () => {
    const before = await accountCount();
    const noFlow = browser(h, MIDORI);
    const a = await noFlow.post('/zapi/signup', midoriForm());
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({ code: 'SIGNUP_FLOW_EXPIRED', message: '登録の有効期限が切れました。最初からやり直してください。' });
    expect((await noFlow.screen('/signup/form')).body).toEqual({ redirectTo: '/signup/email' });
    expect((await noFlow.screen('/signup/pin-code')).body).toEqual({ redirectTo: '/signup/email' });
    expect((await noFlow.post('/zapi/signup/pin-code', { pinCode: '123456' })).body.code).toBe('SIGNUP_FLOW_EXPIRED');

    const unproven = browser(h, MIDORI);
    await unproven.post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail('midori-skip') });
    expect((await unproven.post('/zapi/signup', midoriForm())).body.code).toBe('SIGNUP_FLOW_EXPIRED');
    expect((await unproven.screen('/signup/form')).body).toEqual({ redirectTo: '/signup/email' });

    const forged = browser(h, MIDORI);
    forged.jar.set('sgf', 'made-up-flow-token');
    expect((await forged.post('/zapi/signup', midoriForm())).body.code).toBe('SIGNUP_FLOW_EXPIRED');
    expect(await accountCount()).toBe(before);
  });

  it('refuses bad e-mail input without sending mail', async () => {
    const b = browser(h, MIDORI);
    const mails = await countRows(h, mailOutbox);
    const cases: [Json, string, string][] = [
      [{ type: 'signUp' }, 'email', 'メールアドレスを入力してください。'],
      [{ email: 'not-an-address' }, 'email', 'メールアドレスの形式が正しくありません。'],
      [{ email: `${'a'.repeat(250)}@example.jp` }, 'email', 'メールアドレスは254文字以内で入力してください。'],
      [{ email: ['a@example.jp'] }, 'email', 'メールアドレスを入力してください。'],
      [{ email: 'a@example.jp', type: 'login' }, 'type', '入力内容が正しくありません。'],
      [{ email: 'a@example.jp', admin: 1 }, 'admin', 'この項目は受け付けられません。'],
    ];
    for (const [body, field, message] of cases) {
      const a = await b.post('/zapi/signup/email', body);
      expect(a.status, JSON.stringify(body)).toBe(400);
      expect(a.body.fields?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await countRows(h, mailOutbox)).toBe(mails);
    expect(b.jar.has('sgf')).toBe(false);
  });

  it('the development outbox page is not served when mail goes over SMTP', async () => {
    const a = await browser(h, MIDORI).screen('/dev/outbox');
    expect(a.status).toBe(404);
    expect(withoutRequestId(a.body)).toEqual({ status: 404, code: 'NOT_FOUND', message: 'ページが見つかりません。' });
  });
});

describe('sign-up on a store that asks for the policy after the code (sora)', () => {
  it('e-mail, code, policy, form; the form is refused until the policy is agreed', async () => {
    const b = browser(h, SORA);
    const email = uniqueEmail('sora-join');
    expect((await b.post('/zapi/signup/email', { type: 'signUp', email })).status).toBe(200);
    expect((await b.post('/zapi/signup/pin-code', { pinCode: await codeFromInbox(email) })).body).toEqual({ redirectTo: '/signup/policy' });
    expect((await b.screen('/signup/form')).body).toEqual({ redirectTo: '/signup/policy' });
    expect((await b.screen('/signup/policy')).body).toMatchObject({
      step: 2,
      totalSteps: 3,
      policies: [{ policyId: 'sora-terms', revision: 3, isExternal: false }],
    });

    const before = await accountCount();
    const early = await b.post('/zapi/signup', midoriForm());
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { policyConsentData: '内容をご確認のうえ、同意してください。' },
    });
    expect(await accountCount()).toBe(before);

    const consent = [{ policyId: 'sora-terms', revision: 3, agreed: true }];
    expect((await b.post('/zapi/signup/policy', { policyConsentData: consent })).body).toEqual({ redirectTo: '/signup/form' });
    expect((await b.screen('/signup/form')).body).toEqual({ step: 2, totalSteps: 3, email });
    const done = await b.post('/zapi/signup', midoriForm({ nickname: 'そら' }));
    expect(done.body).toEqual({ redirectTo: '/signup/complete' });
    const account = await accountOf(email);
    expect(account?.profile).toEqual({ nickname: 'そら' });
    const consents = await h.database.admin
      .select()
      .from(policyConsents)
      .where(eq(policyConsents.accountId, account?.id ?? ''));
    expect(consents.map((c) => [c.policyId, c.revision])).toEqual([['sora-terms', 3]]);
    expect((await b.screen('/signup/complete')).body).toEqual({ step: 3, totalSteps: 3 });
  });
});

describe('a code mail the SMTP server does not take', () => {
  it('is reported (認証コードの送信に失敗しました。) and changes no flow', async () => {
    // A port nothing listens on: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const down = await createHarness({ SMTP_URL: `smtp://127.0.0.1:${port}` }, movableClock().now);
    try {
      await down.apply(midoriDoc());
      const b = browser(down, MIDORI);
      const flows = await countRows(down, authFlows);
      const sent = await b.post('/zapi/signup/email', { type: 'signUp', email: uniqueEmail('smtp-down') });
      expect(sent.status).toBe(503);
      expect(sent.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: '認証コードの送信に失敗しました。' });
      expect(b.jar.has('sgf')).toBe(false);
      expect(await countRows(down, authFlows)).toBe(flows);
      const en = await browser(down, MIDORI, { headers: { 'accept-language': 'en' } }).post('/zapi/signup/email', {
        type: 'signUp',
        email: uniqueEmail('smtp-down-en'),
      });
      expect(en.body.message).toBe('The verification code could not be sent.');
    } finally {
      await down.close();
    }
  });
});
