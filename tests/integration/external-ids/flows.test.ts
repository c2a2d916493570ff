// External IDs against the local providers through the store's routes: login with a linked ID
// on each of the four (the login history and the new-device mail), linking from My Page, a
// tampered state, an e-mail match that never links or signs in, an ID linked to another member,
// the unlink rule, and sign-up with each provider (the form prefilled from its profile, an
// unverified or missing e-mail proven by code, no password).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, externalIdentities, loginHistory } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createSessionRepo, newToken } from '#server/platform/sessions/repo.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { type RunningIdSandbox, startIdSandbox } from '../../../id-sandbox/server.ts';
import { PROVIDER_IDS, type ProviderId, TEST_USERS } from '../../../id-sandbox/users.ts';
import { validSignupForm } from '../../helpers/call-seeds.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  countRows,
  type Harness,
  HIKARI,
  HIKARI_CONSENT,
  hikariDoc,
  type Json,
  latestCode,
  mailsTo,
  seedMember,
  uniqueEmail,
} from '../identity/support.ts';

const HOST = 'kaede.test.localhost';
/** A store whose sign-up form has every name field, nickname, sex and birthday, and no policies. */
const TSUBAKI = 'tsubaki.test.localhost';
const SECRET = 'id-sandbox-test-secret-0123456789abcdef';
let sandbox: RunningIdSandbox;
let h: Harness;

beforeAll(async () => {
  sandbox = await startIdSandbox({ port: 0, host: '127.0.0.1', secret: SECRET, unref: true });
  h = await createHarness({ ID_SANDBOX: 'true', ID_SANDBOX_SECRET: SECRET }, undefined, {
    idSandboxOrigins: Object.fromEntries(PROVIDER_IDS.map((p) => [p, sandbox.origin(p)])) as Record<ProviderId, string>,
  });
  await h.apply(tenantDoc('kaede', { hosts: [HOST], externalIdProviders: ['line', 'google', 'yahoojp', 'facebook'] }));
  await h.apply(hikariDoc({ externalIdProviders: ['line'] }));
  await h.apply(
    tenantDoc('tsubaki', {
      hosts: [TSUBAKI],
      externalIdProviders: ['line', 'google', 'yahoojp', 'facebook'],
      signupFields: Object.fromEntries(
        ['name', 'nameKana', 'familyName', 'givenName', 'familyNameKana', 'givenNameKana', 'nickname', 'sex', 'birthday'].map((f) => [
          f,
          'OPTIONAL',
        ]),
      ),
    }),
  );
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});

async function member(opts: { password?: boolean; email?: string } = {}) {
  const account = await seedMember(h, 'kaede', {
    email: opts.email ?? uniqueEmail('xid'),
    password: opts.password === false ? undefined : 'kaede2026ok',
  });
  const b = browser(h, HOST);
  const sid = newToken();
  await inStore('kaede', () => createSessionRepo(h.database.db).insert(account.id, sid, new Date(Date.now() + 86_400_000)));
  b.jar.set('sid', sid);
  b.jar.set('auid', account.publicId);
  return { account, b };
}

/** /auth/authorize, the provider's consent page (user picked), and the provider's redirect back (not yet followed). */
async function toProvider(b: Browser, provider: ProviderId, action: string, user: string, redirectTo?: string) {
  const back = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : '';
  const start = await b.get(`/auth/authorize?userIdentifierType=${provider}&socialActionType=${action}${back}`);
  expect(start.status).toBe(302);
  const at = new URL(start.headers.get('location') ?? '');
  expect(at.origin).toBe(sandbox.origin(provider));
  expect(at.searchParams.get('code_challenge_method')).toBe('S256');
  const page = await fetch(at);
  const ref = /name="ref" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const answer = await fetch(new URL('/sandbox/consent', at), {
    method: 'POST',
    body: new URLSearchParams({ ref, user, decision: 'allow' }),
    redirect: 'manual',
  });
  const url = new URL(answer.headers.get('location') ?? '');
  expect(url.pathname).toBe('/auth/callback');
  return url;
}
const callback = (b: Browser, url: URL) => b.get(`${url.pathname}${url.search}`);

describe('external IDs', () => {
  const users: Record<ProviderId, string> = {
    line: 'line-hanako',
    google: 'google-alice',
    yahoojp: 'yahoo-ichiro',
    facebook: 'facebook-dave',
  };

  it.each(PROVIDER_IDS)('%s: links from My Page, then logs in with it in a new browser', async (provider) => {
    const { account, b } = await member();
    const linked = await callback(b, await toProvider(b, provider, 'enableExternalAuth', users[provider]));
    expect(linked.headers.get('location')).toBe('/mypage/social/enable/complete');

    const guest = browser(h, HOST);
    const back = await callback(guest, await toProvider(guest, provider, 'login', users[provider]));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/');
    expect(await guest.authId()).toBe(account.publicId);
    await h.database.admin.delete(externalIdentities).where(eq(externalIdentities.accountId, account.id));
  });

  it('refuses a tampered state, a callback in another browser, and a second use of the flow', async () => {
    const guest = browser(h, HOST);
    const url = await toProvider(guest, 'google', 'login', 'google-alice');
    const state = url.searchParams.get('state') ?? '';
    url.searchParams.set('state', 'tampered');
    const tampered = await callback(guest, url);
    expect(tampered.headers.get('location')).toBe('/social/relate/error?type=SYSTEM_ERROR');
    expect(h.logLines.some((l) => l.includes('external-ID callback refused') && l.includes('state'))).toBe(true);
    // The flow ended with the refused answer: the genuine one cannot use it any more.
    url.searchParams.set('state', state);
    expect((await callback(guest, url)).headers.get('location')).toBe('/social/relate/error?type=SYSTEM_ERROR');
    expect(await guest.authId()).toBe('');

    const other = browser(h, HOST);
    const url2 = await toProvider(guest, 'line', 'login', 'line-taro');
    expect((await callback(other, url2)).headers.get('location')).toBe('/social/relate/error?type=SYSTEM_ERROR');
    expect(await other.authId()).toBe('');
  });

  it('an e-mail that matches a member neither links nor signs in: the viewer logs in first', async () => {
    const { account } = await member({ email: 'alice.google@example.com' });
    const guest = browser(h, HOST);
    const back = await callback(guest, await toProvider(guest, 'google', 'login', 'google-alice'));
    expect(back.headers.get('location')).toBe('/signup/auth?externalIdError=EMAIL_IN_USE');
    expect(await guest.authId()).toBe('');
    expect(await countRows(h, externalIdentities, eq(externalIdentities.accountId, account.id))).toBe(0);
  });

  it('sign-up with a verified e-mail skips the code; the new member is linked and logs in with the ID', async () => {
    const guest = browser(h, HOST);
    const back = await callback(guest, await toProvider(guest, 'yahoojp', 'signup', 'yahoo-ichiro'));
    expect(back.headers.get('location')).toBe('/signup/form');
    expect((await guest.screen('/signup/form')).body.email).toBe('ichiro.yahoo@example.jp');
    const store = await h.storeCache.get('kaede');
    const done = await guest.post('/zapi/signup', validSignupForm(store as StoreContext));
    expect(done.status).toBe(200);
    // Started without a redirectTo: the store's own last steps.
    expect(done.body.redirectTo).toMatch(/^\/signup\/(plans|complete)$/);
    const linked = and(eq(externalIdentities.provider, 'yahoojp'), eq(externalIdentities.subject, 'QWERTYUIOPASDFGHJKLZXCVB01'));
    expect(await countRows(h, externalIdentities, linked)).toBe(1);
    const again = browser(h, HOST);
    await callback(again, await toProvider(again, 'yahoojp', 'login', 'yahoo-ichiro'));
    expect(await again.authId()).toBe(await guest.authId());
  });

  it.each([
    ['google', 'google-bob', 'bob.google@example.com'],
    // LINE without any e-mail: the viewer gives one.
    ['line', 'line-hanako', 'hanako.typed@example.jp'],
  ] as const)('%s sign-up without a verified e-mail proves an address by code', async (provider, user, email) => {
    const guest = browser(h, HOST);
    const back = await callback(guest, await toProvider(guest, provider, 'signup', user));
    expect(back.headers.get('location')).toBe('/signup/email');
    expect((await guest.post('/zapi/signup/email', { type: 'signUp', email })).status).toBe(200);
    await h.drainMail();
    expect((await guest.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) })).status).toBe(200);
    const store = await h.storeCache.get('kaede');
    expect((await guest.post('/zapi/signup', validSignupForm(store as StoreContext))).status).toBe(200);
    expect(await countRows(h, externalIdentities, eq(externalIdentities.provider, provider))).toBe(1);
    await h.database.admin.delete(externalIdentities).where(eq(externalIdentities.provider, provider));
  });

  it("a sign-up started from an app's sign-in returns to it, through the e-mail step too (decision 0023)", async () => {
    const interaction = '/oidc/loginInteraction?uid=some-interaction';
    const guest = browser(h, HOST);
    const back = await callback(guest, await toProvider(guest, 'line', 'signup', 'line-hanako', interaction));
    expect(back.headers.get('location')).toBe('/signup/email');
    const email = uniqueEmail('xid-app');
    expect((await guest.post('/zapi/signup/email', { type: 'signUp', email })).status).toBe(200);
    await h.drainMail();
    expect((await guest.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) })).status).toBe(200);
    const store = await h.storeCache.get('kaede');
    const done = await guest.post('/zapi/signup', validSignupForm(store as StoreContext));
    expect(done.body.redirectTo).toBe(interaction);
    await h.database.admin.delete(externalIdentities).where(eq(externalIdentities.provider, 'line'));
  });

  it('an ID linked to another member: ACCOUNT_ALREADY_EXISTS', async () => {
    const first = await member();
    await callback(first.b, await toProvider(first.b, 'yahoojp', 'enableExternalAuth', 'yahoo-jiro'));
    const second = await member();
    const back = await callback(second.b, await toProvider(second.b, 'yahoojp', 'enableExternalAuth', 'yahoo-jiro'));
    expect(back.headers.get('location')).toBe('/social/relate/error?type=ACCOUNT_ALREADY_EXISTS');
  });

  it('a form_post answer becomes a GET of /auth/callback', async () => {
    const res = await h.app.request('/auth/callback/form', {
      method: 'POST',
      headers: {
        host: HOST,
        origin: sandbox.origin('google'),
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ code: 'c', state: 's', other: 'x' }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/callback?code=c&state=s');
  });

  it('unlink: allowed with a password; without one only while another ID remains', async () => {
    const withPassword = await member();
    await callback(withPassword.b, await toProvider(withPassword.b, 'facebook', 'enableExternalAuth', 'facebook-carol'));
    const ok = await withPassword.b.post('/zapi/auth/social/disable', { userIdentifierType: 'facebook', userIdentifierMethod: 'Social' });
    expect(ok.body).toEqual({ redirectTo: '/mypage/social/disable/complete' });

    const noPassword = await member({ password: false });
    await callback(noPassword.b, await toProvider(noPassword.b, 'line', 'enableExternalAuth', 'line-taro'));
    await callback(noPassword.b, await toProvider(noPassword.b, 'google', 'enableExternalAuth', 'google-bob'));
    const states = async () =>
      Object.fromEntries(((await noPassword.b.screen('/mypage')).body.externalIds as Json[]).map((e) => [e.userIdentifierType, e.state]));
    expect(await states()).toEqual({ line: 'linked', google: 'linked', yahoojp: 'notLinked', facebook: 'notLinked' });
    expect((await noPassword.b.post('/zapi/auth/social/disable', { userIdentifierType: 'line' })).status).toBe(200);
    expect(await states()).toEqual({ line: 'notLinked', google: 'login', yahoojp: 'notLinked', facebook: 'notLinked' });
    const last = await noPassword.b.post('/zapi/auth/social/disable', { userIdentifierType: 'google' });
    expect(last.status).toBe(409);
    // The member learns why (issue 20.7), not エラーが発生しました.
    expect(last.body.message).toBe(
      'ログインする方法がなくなるため、この外部IDの連携は解除できません。パスワードを設定するか、ほかの外部IDを連携してから解除してください。',
    );
    const left = and(eq(externalIdentities.accountId, noPassword.account.id), eq(externalIdentities.provider, 'google'));
    expect(await countRows(h, externalIdentities, left)).toBe(1);
    expect((await noPassword.b.post('/zapi/auth/social/disable', { userIdentifierType: 'yahoojp' })).status).toBe(404);
  });

  it('a provider the store does not offer is not started', async () => {
    await h.apply(tenantDoc('kaede2', { hosts: ['kaede2.test.localhost'], externalIdProviders: ['line'] }));
    const b = browser(h, 'kaede2.test.localhost');
    expect((await b.get('/auth/authorize?userIdentifierType=google&socialActionType=login')).status).toBe(404);
    expect((await b.get('/auth/authorize?userIdentifierType=line&socialActionType=enableExternalAuth')).status).toBe(401);
  });
});

describe('sign-up with an external ID, then login with it', () => {
  const tsubakiMember = async (email: string) => {
    const [member] = await h.database.admin
      .select()
      .from(accounts)
      .where(and(eq(accounts.storeId, 'tsubaki'), eq(accounts.email, email)));
    if (!member) throw new Error(`no member ${email} in tsubaki`);
    return member;
  };
  // Each provider's profile as the form's starting values on a store that asks for every name field.
  const cases = [
    {
      provider: 'yahoojp',
      user: 'yahoo-ichiro',
      email: 'ichiro.yahoo@example.jp',
      verified: true,
      // The birth year alone (Yahoo! JAPAN's birthdate) fills no birthday.
      defaults: {
        name: '鈴木 一郎',
        nameKana: 'スズキ\u3000イチロウ',
        familyName: '鈴木',
        givenName: '一郎',
        familyNameKana: 'スズキ',
        givenNameKana: 'イチロウ',
        nickname: 'いちろう',
        sex: '1',
      },
    },
    {
      provider: 'google',
      user: 'google-bob',
      email: 'bob.google@example.com',
      verified: false,
      defaults: { name: 'Bob Example', familyName: 'Example', givenName: 'Bob' },
    },
    // LINE's display name is all its profile; its e-mail has no verified flag.
    {
      provider: 'line',
      user: 'line-taro',
      email: 'taro.line@example.jp',
      verified: false,
      defaults: { name: 'LINE 太郎', nickname: 'LINE 太郎' },
    },
    // Facebook: Graph /me's first_name and last_name; no verified flag either.
    {
      provider: 'facebook',
      user: 'facebook-carol',
      email: 'carol.facebook@example.com',
      verified: false,
      defaults: { name: 'Carol Example', familyName: 'Example', givenName: 'Carol' },
    },
  ] as const;

  it.each(cases)(
    '$provider: the form starts from the profile, the e-mail is proven by the provider only when verified, no password',
    async (c) => {
      const guest = browser(h, TSUBAKI);
      const back = await callback(guest, await toProvider(guest, c.provider, 'signup', c.user));
      if (c.verified) {
        expect(back.headers.get('location')).toBe('/signup/form');
      } else {
        // Not verified: the form waits for a code; the e-mail page offers the provider's address.
        expect(back.headers.get('location')).toBe('/signup/email');
        expect((await guest.screen('/signup/form')).body).toEqual({ redirectTo: '/signup/email' });
        expect((await guest.screen('/signup/email')).body.externalId).toEqual({ provider: c.provider, email: c.email });
        await guest.post('/zapi/signup/email', { type: 'signUp', email: c.email });
        expect((await guest.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, c.email) })).status).toBe(200);
      }
      const form = await guest.screen('/signup/form');
      expect(form.body.email).toBe(c.email);
      expect(form.body.externalId).toEqual({ provider: c.provider, defaults: c.defaults });

      // The viewer changes a prefilled field and sets no password.
      const done = await guest.post('/zapi/signup', { ...c.defaults, name: '変更した 名前' });
      expect(done.status).toBe(200);
      const member = await tsubakiMember(c.email);
      expect(member.passwordHash).toBeNull();
      expect((member.profile as Json).name).toBe('変更した 名前');
      // The ID is the member's only way in: in use for login.
      const states = ((await guest.screen('/mypage')).body.externalIds as Json[]).filter((e) => e.state !== 'notLinked');
      expect(states).toEqual([{ userIdentifierType: c.provider, state: 'login' }]);
    },
  );

  it('an e-mail sign-up still asks for the password', async () => {
    const guest = browser(h, TSUBAKI);
    const email = uniqueEmail('tsubaki');
    await guest.post('/zapi/signup/email', { type: 'signUp', email });
    await guest.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) });
    expect((await guest.screen('/signup/form')).body.externalId).toBeUndefined();
    const refused = await guest.post('/zapi/signup', { name: '椿 花子' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields ?? {})).toContain('password');
  });

  it('a sign-up begun with an external ID and left: the choice page ends it, so an e-mail sign-up here links nothing', async () => {
    const shared = browser(h, TSUBAKI);
    expect((await callback(shared, await toProvider(shared, 'line', 'signup', 'line-hanako'))).headers.get('location')).toBe(
      '/signup/email',
    );
    expect((await shared.screen('/signup/email')).body.externalId).toEqual({ provider: 'line', email: null });
    // Someone else starts a sign-up of their own on the same browser.
    expect((await shared.screen('/signup/auth')).status).toBe(200);
    expect((await shared.screen('/signup/email')).body.externalId).toBeUndefined();
    const email = uniqueEmail('shared');
    await shared.post('/zapi/signup/email', { type: 'signUp', email });
    await shared.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) });
    expect((await shared.screen('/signup/form')).body.externalId).toBeUndefined();
    expect(Object.keys((await shared.post('/zapi/signup', { name: '椿 次郎' })).body.fields ?? {})).toContain('password');
    expect(
      (await shared.post('/zapi/signup', { name: '椿 次郎', password: 'tsubaki2026ok', passwordConfirm: 'tsubaki2026ok' })).status,
    ).toBe(200);
    const member = await tsubakiMember(email);
    expect(await countRows(h, externalIdentities, eq(externalIdentities.accountId, member.id))).toBe(0);
  });

  it('a login with the ID is in the login history with its provider, and mails the new-device alert like any login', async () => {
    const member = await tsubakiMember('ichiro.yahoo@example.jp');
    const alertsBefore = (await mailsTo(h, member.email, 'loginAlert')).length;
    const history = and(eq(loginHistory.accountId, member.id), eq(loginHistory.loginType, 'yahoojp'), eq(loginHistory.result, true));

    const phone = browser(h, TSUBAKI);
    await callback(phone, await toProvider(phone, 'yahoojp', 'login', 'yahoo-ichiro'));
    expect(await phone.authId()).toBe(member.publicId);
    expect(await countRows(h, loginHistory, history)).toBe(1);
    expect(await mailsTo(h, member.email, 'loginAlert')).toHaveLength(alertsBefore + 1);
    const rows = (await phone.screen('/mypage/login-history')).body.rows as Json[];
    expect(rows[0]).toMatchObject({ result: 'success', loginType: 'yahoojp' });

    // The same device again: a second history row, no second alert.
    await callback(phone, await toProvider(phone, 'yahoojp', 'login', 'yahoo-ichiro'));
    expect(await countRows(h, loginHistory, history)).toBe(2);
    expect(await mailsTo(h, member.email, 'loginAlert')).toHaveLength(alertsBefore + 1);
  });

  it('a store that asks for consent first: a consent given before the trip is kept, one given after it leads to the e-mail', async () => {
    const before = browser(h, HIKARI);
    expect((await before.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT })).body).toEqual({ redirectTo: '/signup/auth' });
    expect((await callback(before, await toProvider(before, 'line', 'signup', 'line-hanako'))).headers.get('location')).toBe(
      '/signup/email',
    );

    const after = browser(h, HIKARI);
    expect((await callback(after, await toProvider(after, 'line', 'signup', 'line-hanako'))).headers.get('location')).toBe('/signup');
    expect((await after.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT })).body).toEqual({ redirectTo: '/signup/email' });
    expect((await after.screen('/signup/email')).body.externalId).toEqual({ provider: 'line', email: null });
  });
});

describe('ID token signatures: the provider answers a tampered ID token at its token endpoint', () => {
  const victim = { google: 'google-alice', line: 'line-hanako' } as const;
  const attacker = { google: 'google-bob', line: 'line-taro' } as const;
  const subOf = (provider: 'google' | 'line', key: string) => TEST_USERS[provider].find((u) => u.key === key)?.sub;

  it.each([
    ['google', 'kept'],
    ['google', 'foreign'],
    ['line', 'kept'],
    ['line', 'foreign'],
  ] as const)('%s: a token with the linked subject and a %s signature signs nobody in', async (provider, signing) => {
    const { account, b } = await member();
    const linked = await callback(b, await toProvider(b, provider, 'enableExternalAuth', victim[provider]));
    expect(linked.headers.get('location')).toBe('/mypage/social/enable/complete');
    try {
      sandbox.tamperNextIdToken(provider, { claims: { sub: subOf(provider, victim[provider]) }, signing });
      const guest = browser(h, HOST);
      const back = await callback(guest, await toProvider(guest, provider, 'login', attacker[provider]));
      expect(back.headers.get('location')).toBe('/social/relate/error?type=SYSTEM_ERROR');
      expect(await guest.authId()).toBe('');
      expect(h.logLines.filter((l) => l.includes('external-ID callback refused')).at(-1)).toContain('signature');
    } finally {
      await h.database.admin.delete(externalIdentities).where(eq(externalIdentities.accountId, account.id));
    }
  });

  it.each(['google', 'line'] as const)('%s: a token issued ten minutes in the future is refused', async (provider) => {
    const { account, b } = await member();
    await callback(b, await toProvider(b, provider, 'enableExternalAuth', victim[provider]));
    try {
      const iat = Math.floor(Date.now() / 1000) + 600;
      sandbox.tamperNextIdToken(provider, { claims: { iat, auth_time: iat }, signing: 'genuine' });
      const guest = browser(h, HOST);
      const back = await callback(guest, await toProvider(guest, provider, 'login', victim[provider]));
      expect(back.headers.get('location')).toBe('/social/relate/error?type=SYSTEM_ERROR');
      expect(await guest.authId()).toBe('');
      expect(h.logLines.filter((l) => l.includes('external-ID callback refused')).at(-1)).toContain('iat');
      // The genuine token still signs in.
      const again = browser(h, HOST);
      await callback(again, await toProvider(again, provider, 'login', victim[provider]));
      expect(await again.authId()).toBe(account.publicId);
    } finally {
      await h.database.admin.delete(externalIdentities).where(eq(externalIdentities.accountId, account.id));
    }
  });
});
