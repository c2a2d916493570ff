import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  HIKARI,
  HIKARI_CONSENT,
  hikariDoc,
  hikariForm,
  latestCode,
  MIDORI,
  MIDORI_PASSWORD,
  midoriDoc,
  midoriForm,
  seedMember,
  uniqueEmail,
  uniqueUserId,
} from '../identity/support.ts';
import { APP_CALLBACK, followToPage, formPost, type Harness, PROVIDER_ENV, providerStore, startAuthorization } from './support.ts';

// The provider's own sign-in and sign-up pages (decision 0023): a guest of an app signs in on
// /oidc/login (password or code) or signs up through /oidc/signup, and the app gets its code.
// Each call and screen refuses an interaction that is not live, or is another store's.

let h: Harness;

beforeAll(async () => {
  h = await createHarness(PROVIDER_ENV);
  await h.apply(midoriDoc({ oidc: providerStore('midori').oidc, features: { oidcConnections: true } }));
  // hikari asks for consent to its policies first and sells a plan.
  await h.apply(hikariDoc({ oidc: providerStore('hikari').oidc }));
});
afterAll(() => h.close());

const url = (b: Browser, path: string) => new URL(path, `http://${b.host}`);

/** A guest's authorization request, at /oidc/login: the browser, the app and the interaction's uid. */
async function guestAtLogin(host: string, extra: Record<string, string> = {}) {
  const b = browser(h, host);
  const started = await startAuthorization(h, b, host === MIDORI ? 'midori-app' : 'hikari-app', extra);
  expect(started.at.pathname).toBe('/oidc/login');
  return { b, ...started, uid: started.at.searchParams.get('uid') ?? '' };
}

/** From a successful call's redirectTo (the interaction) through consent to the app, which redeems the code. */
async function finishAtApp(b: Browser, started: Awaited<ReturnType<typeof guestAtLogin>>, redirectTo: string) {
  expect(redirectTo).toBe(`/oidc/loginInteraction?uid=${started.uid}`);
  const consentAt = await followToPage(b, url(b, redirectTo));
  expect(consentAt.pathname).toBe('/oidc/consent');
  const answered = await formPost(h, b, '/oidc/consent/form', [['uid', consentAt.searchParams.get('uid') ?? '']]);
  const callback = await followToPage(b, url(b, answered.headers.get('location') ?? ''));
  expect(callback.origin + callback.pathname).toBe(APP_CALLBACK);
  // openid-client checks the ID token (signature, issuer, audience) and PKCE.
  const tokens = await client.authorizationCodeGrant(started.rp, callback, { pkceCodeVerifier: started.verifier, expectedState: 'st' });
  return tokens.claims()?.sub;
}

describe('/oidc/login', () => {
  it('names the app in the viewer language and keeps the login mode', async () => {
    const { b, uid } = await guestAtLogin(MIDORI);
    const ja = await b.screen(`/oidc/login?uid=${uid}`, { 'accept-language': 'ja' });
    expect(ja.body).toEqual({
      loginType: 'password',
      returnTo: `/oidc/loginInteraction?uid=${uid}`,
      app: { uid, clientName: 'テストアプリ', serviceName: 'みどりシネマ' },
    });
    const en = await b.screen(`/oidc/login?uid=${uid}&loginType=authCode`, { 'accept-language': 'en' });
    expect(en.body).toMatchObject({ loginType: 'authCode', app: { clientName: 'Test App' } });
  });

  it("starts the form with the app's login_hint when it can be an address or a user ID, and ignores any other", async () => {
    const hinted = await guestAtLogin(MIDORI, { login_hint: ' hanako@example.jp ' });
    const screen = await hinted.b.screen(`/oidc/login?uid=${hinted.uid}`);
    expect(screen.body).toMatchObject({ loginHint: 'hanako@example.jp', app: { uid: hinted.uid } });
    for (const login_hint of ['two words@example.jp', 'a'.repeat(255), '']) {
      const other = await guestAtLogin(MIDORI, { login_hint });
      const body = (await other.b.screen(`/oidc/login?uid=${other.uid}`)).body as Record<string, unknown>;
      expect(body, login_hint).not.toHaveProperty('loginHint');
    }
  });

  it('signs a member in by password and returns to the app, which gets a valid ID token', async () => {
    const email = uniqueEmail('oidc-pw');
    const account = await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const started = await guestAtLogin(MIDORI);
    const { b, uid } = started;

    // Bad input changes nothing: a missing password, a redirectTo of the store's login, a made-up interaction.
    const missing = await b.post('/oidc/login', { emailUserId: email, uid });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('password');
    expect((await b.post('/oidc/login', { emailUserId: email, password: MIDORI_PASSWORD, uid, redirectTo: '/' })).status).toBe(400);
    expect((await b.post('/oidc/login', { emailUserId: email, password: MIDORI_PASSWORD })).body.fields).toHaveProperty('uid');
    const unknown = await b.post('/oidc/login', { emailUserId: email, password: MIDORI_PASSWORD, uid: 'made-up' });
    expect(unknown.status).toBe(409);
    expect(unknown.body.code).toBe('INVALID_SESSION_FLOW');
    expect(await b.authId()).toBe('');

    const signedIn = await b.post('/oidc/login', { emailUserId: email, password: MIDORI_PASSWORD, uid });
    expect(signedIn.status).toBe(200);
    expect(await b.authId()).toBe(account.publicId);
    expect(await finishAtApp(b, started, signedIn.body.redirectTo)).toBe(account.id);
  });

  it('signs a member in by code on /oidc/login/code', async () => {
    const email = uniqueEmail('oidc-code');
    const account = await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const started = await guestAtLogin(MIDORI);
    const { b, uid } = started;
    // No code asked for yet: back to the login page in code mode.
    expect((await b.screen(`/oidc/login/code?uid=${uid}`)).body.redirectTo).toBe(`/oidc/login?uid=${uid}&loginType=authCode`);

    const asked = await b.post('/oidc/login/code', { emailUserId: email, uid });
    expect(asked.body).toEqual({ redirectTo: `/oidc/login/code?uid=${uid}` });
    const screen = await b.screen(`/oidc/login/code?uid=${uid}`, { 'accept-language': 'ja' });
    expect(screen.body).toMatchObject({ maskedEmail: expect.stringMatching(/^o\*+@example\.jp$/), app: { clientName: 'テストアプリ' } });

    await h.drainMail();
    const code = await latestCode(h, email);
    // A made-up interaction is refused before the code is used: the code still works after.
    const unknown = await b.post('/oidc/login', { authCode: code, userIdentifierMethod: 'AuthCode', uid: 'made-up' });
    expect(unknown.body.code).toBe('INVALID_SESSION_FLOW');
    const signedIn = await b.post('/oidc/login', { authCode: code, userIdentifierMethod: 'AuthCode', uid });
    expect(signedIn.status).toBe(200);
    expect(await finishAtApp(b, started, signedIn.body.redirectTo)).toBe(account.id);
  });

  it("shares the store login's throttle: failures on either page block both", async () => {
    const email = uniqueEmail('oidc-throttle');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const { b, uid } = await guestAtLogin(MIDORI);
    for (let i = 0; i < 3; i++)
      expect((await b.post('/oidc/login', { emailUserId: email, password: 'wrong2026pass', uid })).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await b.post('/login', { emailUserId: email, password: 'wrong2026pass' })).status).toBe(401);
    const blocked = await b.post('/oidc/login', { emailUserId: email, password: MIDORI_PASSWORD, uid });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('LOGIN_BLOCKED');
  });

  it('answers an unknown interaction, and another store’s, with INVALID_SESSION_FLOW', async () => {
    const { uid } = await guestAtLogin(MIDORI);
    const guest = browser(h, HIKARI);
    for (const page of ['/oidc/login', '/oidc/login/code', '/oidc/signup', '/oidc/signup/auth']) {
      for (const id of ['made-up', uid]) {
        const screen = await guest.screen(`${page}?uid=${id}`);
        expect(screen.status, `${page} ${id}`).toBe(409);
        expect(screen.body.code).toBe('INVALID_SESSION_FLOW');
      }
    }
    expect((await guest.screen('/oidc/login')).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await guest.post('/oidc/login/code', { emailUserId: uniqueEmail('x'), uid })).body.code).toBe('INVALID_SESSION_FLOW');
    const signup = await guest.post('/zapi/oidc/signup/email', {
      type: 'signUp',
      email: uniqueEmail('x'),
      uid,
      policyConsentData: HIKARI_CONSENT,
    });
    expect(signup.body.code).toBe('INVALID_SESSION_FLOW');
    expect(guest.jar.has('sgf')).toBe(false);
  });

  it('sends a signed-in member on to the interaction', async () => {
    const email = uniqueEmail('oidc-member');
    await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
    const { b, uid } = await guestAtLogin(MIDORI);
    expect((await b.post('/login', { emailUserId: email, password: MIDORI_PASSWORD })).status).toBe(200);
    for (const page of ['/oidc/login', '/oidc/signup/auth'])
      expect((await b.screen(`${page}?uid=${uid}`)).body.redirectTo).toBe(`/oidc/loginInteraction?uid=${uid}`);
  });
});

describe('/oidc/signup', () => {
  it('midori (no policy first): the e-mail on /oidc/signup/auth, the store steps, then back to the app', async () => {
    const started = await guestAtLogin(MIDORI);
    const { b, uid } = started;
    expect((await b.screen(`/oidc/signup?uid=${uid}`)).body.redirectTo).toBe(`/oidc/signup/auth?uid=${uid}`);
    const auth = await b.screen(`/oidc/signup/auth?uid=${uid}`, { 'accept-language': 'en' });
    expect(auth.body).toEqual({ step: 1, totalSteps: 3, app: { uid, clientName: 'Test App', serviceName: 'みどりシネマ' } });

    const email = uniqueEmail('oidc-join');
    const bad = await b.post('/zapi/oidc/signup/email', { type: 'signUp', email: 'not-an-address', uid });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('email');
    expect(b.jar.has('sgf')).toBe(false);

    expect((await b.post('/zapi/oidc/signup/email', { type: 'signUp', email, uid })).body).toEqual({ redirectTo: '/signup/pin-code' });
    await h.drainMail();
    expect((await b.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) })).body).toEqual({ redirectTo: '/signup/form' });
    const done = await b.post('/zapi/signup', midoriForm());
    expect(done.status).toBe(200);
    const sub = await finishAtApp(b, started, done.body.redirectTo);
    expect(sub).toBeTruthy();
  });

  it('hikari (policy first): consent, the e-mail, the store steps, then back to the app instead of the plans', async () => {
    const started = await guestAtLogin(HIKARI);
    const { b, uid } = started;
    // Consent is the first step: the choice waits for it.
    expect((await b.screen(`/oidc/signup/auth?uid=${uid}`)).body.redirectTo).toBe(`/oidc/signup?uid=${uid}`);
    const policy = await b.screen(`/oidc/signup?uid=${uid}`, { 'accept-language': 'ja' });
    expect(policy.body).toMatchObject({ step: 1, totalSteps: 4, app: { clientName: 'テストアプリ', serviceName: 'ひかりビデオ' } });
    expect(policy.body.policies.map((p: { policyId: string }) => p.policyId)).toEqual(['terms', 'privacy']);

    expect((await b.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT })).status).toBe(200);
    expect((await b.screen(`/oidc/signup/auth?uid=${uid}`)).body).toMatchObject({ step: 2, totalSteps: 4 });
    const email = uniqueEmail('oidc-hikari');
    expect((await b.post('/zapi/oidc/signup/email', { type: 'signUp', email, uid })).status).toBe(200);
    await h.drainMail();
    expect((await b.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, email) })).status).toBe(200);
    const done = await b.post('/zapi/signup', hikariForm(uniqueUserId()));
    expect(done.status).toBe(200);
    expect(await finishAtApp(b, started, done.body.redirectTo)).toBeTruthy();

    // The store's own sign-up in a fresh browser still ends with the plans.
    const own = browser(h, HIKARI);
    const ownEmail = uniqueEmail('hikari-own');
    await own.post('/zapi/signup/policy', { policyConsentData: HIKARI_CONSENT });
    await own.post('/zapi/signup/email', { type: 'signUp', email: ownEmail });
    await h.drainMail();
    await own.post('/zapi/signup/pin-code', { pinCode: await latestCode(h, ownEmail) });
    expect((await own.post('/zapi/signup', hikariForm(uniqueUserId()))).body.redirectTo).toBe('/signup/plans');
  });
});
