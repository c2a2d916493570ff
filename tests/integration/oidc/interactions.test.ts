import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  loginWithPassword,
  MIDORI,
  MIDORI_PASSWORD,
  midoriDoc,
  seedMember,
  uniqueEmail,
} from '../identity/support.ts';
import {
  APP_CALLBACK,
  followToPage,
  type Harness,
  locationOf,
  PROVIDER_ENV,
  providerStore,
  relyingParty,
  startAuthorization as startAuthorizationOf,
  formPost as supportFormPost,
} from './support.ts';

// The interaction steps as a browser goes through them: the login hand-over to /oidc/login
// (its own calls are in sign-in-pages.test.ts), the consent screen's data, the consent form (optional scope refused, required scope
// not refusable) and the abort.

let h: Harness;
let email: string;

beforeAll(async () => {
  h = await createHarness(PROVIDER_ENV);
  const { oidc } = providerStore('midori');
  await h.apply(midoriDoc({ oidc, features: { oidcConnections: true } }));
  email = uniqueEmail('oidc');
  await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
});
afterAll(() => h.close());

const location = (a: { status: number; headers: Headers }) => locationOf(a, MIDORI);
const formPost = (b: Browser, path: string, fields: [string, string][]) => supportFormPost(h, b, path, fields);
const follow = followToPage;
const startAuthorization = (b: Browser, extra: Record<string, string> = {}) => startAuthorizationOf(h, b, 'midori-app', extra);

describe('interactions', () => {
  it('sends a guest to /oidc/login and back, then shows consent and honours the answer', async () => {
    const b = browser(h, MIDORI);
    const { rp, verifier, at } = await startAuthorization(b);
    expect(at.pathname).toBe('/oidc/login');
    const signedIn = await b.post('/oidc/login', { emailUserId: email, password: MIDORI_PASSWORD, uid: at.searchParams.get('uid') });
    expect(signedIn.status).toBe(200);
    const consentAt = await follow(b, new URL(signedIn.body.redirectTo, `http://${MIDORI}`));
    expect(consentAt.pathname).toBe('/oidc/consent');
    const uid = consentAt.searchParams.get('uid') ?? '';

    const screen = await b.screen(`/oidc/consent?uid=${uid}`, { 'accept-language': 'ja' });
    expect(screen.status).toBe(200);
    expect(screen.body.clientInfo.clientName).toBe('テストアプリ');
    expect(screen.body.requestScopeKeys).toEqual(['openid', 'profile', 'email']);
    expect(screen.body.storeScopeSettings.map((s: { required: boolean }) => s.required)).toEqual([true, false, false]);
    expect(screen.body.updatedScopeKeys).toEqual(['openid', 'profile', 'email']);

    // A required scope cannot be refused.
    const refused = await formPost(b, '/oidc/consent/form', [
      ['uid', uid],
      ['rejectScope', 'openid'],
    ]);
    expect(refused.status).toBe(400);

    const answered = await formPost(b, '/oidc/consent/form', [
      ['uid', uid],
      ['addScope', 'profile'],
    ]);
    expect(answered.status).toBe(303);
    const callback = await follow(b, location(answered));
    expect(callback.origin + callback.pathname).toBe(APP_CALLBACK);
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'st' });
    expect(tokens.scope?.split(' ').sort()).toEqual(['openid', 'profile']);

    // The next request of the same app is not asked again: granted and refused scopes stand.
    const again = await startAuthorization(b);
    expect(again.at.origin + again.at.pathname).toBe(APP_CALLBACK);
    const second = await client.authorizationCodeGrant(rp, again.at, { pkceCodeVerifier: again.verifier, expectedState: 'st' });
    expect(second.scope?.split(' ').sort()).toEqual(['openid', 'profile']);
  });

  it('binds the consent to the browser of the member it is for: a uid alone shows and answers nothing', async () => {
    const b = browser(h, MIDORI);
    const ownerEmail = uniqueEmail('owner');
    await seedMember(h, 'midori', { email: ownerEmail, password: MIDORI_PASSWORD });
    expect((await loginWithPassword(b, ownerEmail, MIDORI_PASSWORD)).status).toBe(200);
    const { rp, verifier, at } = await startAuthorization(b);
    expect(at.pathname).toBe('/oidc/consent');
    const uid = at.searchParams.get('uid') ?? '';

    const stranger = browser(h, MIDORI);
    const otherEmail = uniqueEmail('other');
    await seedMember(h, 'midori', { email: otherEmail, password: MIDORI_PASSWORD });
    const otherMember = browser(h, MIDORI);
    expect((await loginWithPassword(otherMember, otherEmail, MIDORI_PASSWORD)).status).toBe(200);
    for (const [who, other] of [
      ['a browser without cookies', stranger],
      ['another member', otherMember],
    ] as const) {
      expect((await other.screen(`/oidc/consent?uid=${uid}`)).body.code, who).toBe('INVALID_SESSION_FLOW');
      const consent = await formPost(other, '/oidc/consent/form', [
        ['uid', uid],
        ['addScope', 'profile'],
        ['addScope', 'email'],
      ]);
      expect(consent.status, who).toBe(409);
      expect((await consent.json()).code, who).toBe('INVALID_SESSION_FLOW');
      expect((await formPost(other, '/oidc/consent/form/abort', [['uid', uid]])).status, who).toBe(409);
    }

    // The member's own answer still counts, and only theirs: the app gets what they chose.
    const answered = await formPost(b, '/oidc/consent/form', [['uid', uid]]);
    expect(answered.status).toBe(303);
    const callback = await follow(b, location(answered));
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'st' });
    expect(tokens.scope?.split(' ').sort()).toEqual(['openid']);
  });

  it('returns access_denied to the app when the viewer aborts', async () => {
    const b = browser(h, MIDORI);
    expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
    const rp = await relyingParty(h, MIDORI, 'midori-app');
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: APP_CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
      state: 'st',
    });
    const consentAt = await follow(b, url);
    expect(consentAt.pathname).toBe('/oidc/consent');
    const aborted = await formPost(b, '/oidc/consent/form/abort', [['uid', consentAt.searchParams.get('uid') ?? '']]);
    const callback = await follow(b, location(aborted));
    expect(callback.origin + callback.pathname).toBe(APP_CALLBACK);
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });

  it("follows the store's session: after the member logs out of the store, the app cannot sign them in silently", async () => {
    const b = browser(h, MIDORI);
    const who = uniqueEmail('session');
    await seedMember(h, 'midori', { email: who, password: MIDORI_PASSWORD });
    expect((await loginWithPassword(b, who, MIDORI_PASSWORD)).status).toBe(200);
    const first = await startAuthorization(b);
    const answered = await formPost(b, '/oidc/consent/form', [['uid', first.at.searchParams.get('uid') ?? '']]);
    expect(`${(await follow(b, location(answered))).origin}/callback`).toBe(APP_CALLBACK);
    // Signed in to the store and to the provider: silent sign-in works.
    expect((await startAuthorization(b, { prompt: 'none' })).at.searchParams.has('code')).toBe(true);

    await b.screen('/logout');
    expect(await b.authId()).toBe('');
    const silent = await startAuthorization(b, { prompt: 'none' });
    expect(silent.at.searchParams.get('error')).toBe('login_required');
    expect((await startAuthorization(b)).at.pathname).toBe('/oidc/login');
  });

  it('answers an unknown interaction with INVALID_SESSION_FLOW', async () => {
    const b = browser(h, MIDORI);
    const screen = await b.screen('/oidc/consent?uid=nope');
    expect(screen.body.code).toBe('INVALID_SESSION_FLOW');
  });
});

describe('prompt=select_account', () => {
  it('lets the member switch to another account, then go on as that one', async () => {
    const b = browser(h, MIDORI);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await seedMember(h, 'midori', { email: first, password: MIDORI_PASSWORD });
    const other = await seedMember(h, 'midori', { email: second, password: MIDORI_PASSWORD });
    expect((await loginWithPassword(b, first, MIDORI_PASSWORD)).status).toBe(200);

    const { rp, verifier, at } = await startAuthorization(b, { prompt: 'select_account' });
    expect(at.pathname).toBe('/oidc/select-account');
    const uid = at.searchParams.get('uid') ?? '';
    const screen = await b.screen(`/oidc/select-account?uid=${uid}`, { 'accept-language': 'ja' });
    expect(screen.body).toMatchObject({ email: first, clientName: 'テストアプリ', serviceName: 'みどりシネマ' });

    // Switch: the store session ends and /oidc/login brings the viewer back.
    const switched = await formPost(b, '/oidc/selectAccount/form/switch', [['uid', uid]]);
    const loginAt = location(switched);
    expect(loginAt.pathname).toBe('/oidc/login');
    expect(await b.authId()).toBe('');
    const signedIn = await b.post('/oidc/login', { emailUserId: second, password: MIDORI_PASSWORD, uid: loginAt.searchParams.get('uid') });
    const consentAt = await follow(b, new URL(signedIn.body.redirectTo, `http://${MIDORI}`));
    expect(consentAt.pathname).toBe('/oidc/consent');
    const answered = await formPost(b, '/oidc/consent/form', [
      ['uid', consentAt.searchParams.get('uid') ?? ''],
      ['addScope', 'profile'],
      ['addScope', 'email'],
    ]);
    const callback = await follow(b, location(answered));
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'st' });
    expect(tokens.claims()?.sub).toBe(other.id);

    // Asked again: going on as the signed-in account needs no consent a second time.
    const again = await startAuthorization(b, { prompt: 'select_account' });
    expect(again.at.pathname).toBe('/oidc/select-account');
    const kept = await formPost(b, '/oidc/selectAccount/form', [['uid', again.at.searchParams.get('uid') ?? '']]);
    const back = await follow(b, location(kept));
    expect(back.origin + back.pathname).toBe(APP_CALLBACK);
    const secondTokens = await client.authorizationCodeGrant(rp, back, { pkceCodeVerifier: again.verifier, expectedState: 'st' });
    expect(secondTokens.claims()?.sub).toBe(other.id);
  });
});

describe('connected apps in My Page', () => {
  /** A member who let midori-app in (openid profile), with the app's tokens. */
  async function connected() {
    const b = browser(h, MIDORI);
    const memberEmail = uniqueEmail('conn');
    await seedMember(h, 'midori', { email: memberEmail, password: MIDORI_PASSWORD });
    expect((await loginWithPassword(b, memberEmail, MIDORI_PASSWORD)).status).toBe(200);
    const { rp, verifier, at } = await startAuthorization(b);
    const answered = await formPost(b, '/oidc/consent/form', [
      ['uid', at.searchParams.get('uid') ?? ''],
      ['addScope', 'profile'],
    ]);
    const callback = await follow(b, location(answered));
    const tokens = await client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: 'st' });
    return { b, rp, tokens };
  }

  it('lists the app, shows its detail, and revoking it stops its tokens at once', async () => {
    const { b, rp, tokens } = await connected();
    const list = await b.screen('/mypage/connections', { 'accept-language': 'ja' });
    expect(list.status).toBe(200);
    expect(list.body.apps).toHaveLength(1);
    const [app] = list.body.apps;
    expect(app).toMatchObject({ clientId: 'midori-app', clientName: 'テストアプリ' });

    const detail = await b.screen('/mypage/connections/client/midori-app', { 'accept-language': 'en' });
    expect(detail.body.app.clientName).toBe('Test App');
    expect(detail.body.app.scopes.map((s: { scopeKey: string }) => s.scopeKey)).toEqual(['openid', 'profile']);

    // Another member cannot revoke it.
    const stranger = browser(h, MIDORI);
    const strangerEmail = uniqueEmail('stranger');
    await seedMember(h, 'midori', { email: strangerEmail, password: MIDORI_PASSWORD });
    await loginWithPassword(stranger, strangerEmail, MIDORI_PASSWORD);
    expect((await stranger.post(`/zapi/oidc/revoke/grant/${app.grantId}`, {})).status).toBe(404);
    expect((await client.fetchUserInfo(rp, tokens.access_token, client.skipSubjectCheck)).sub).toBeTruthy();

    const revoked = await b.post(`/zapi/oidc/revoke/grant/${app.grantId}`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.redirectTo).toBe('/mypage/connections');
    await expect(client.fetchUserInfo(rp, tokens.access_token, client.skipSubjectCheck)).rejects.toThrow();
    await expect(client.refreshTokenGrant(rp, tokens.refresh_token ?? '')).rejects.toThrow();
    expect((await b.screen('/mypage/connections')).body.apps).toEqual([]);
    expect((await b.screen('/mypage/connections/client/midori-app')).status).toBe(404);
  });

  it('is not there in the app, nor without the store flag', async () => {
    const { b } = await connected();
    expect((await b.screen('/mypage/connections', { 'user-agent': 'StoreApp/1.0' })).status).toBe(404);
    const { oidc } = providerStore('midori');
    await h.apply(midoriDoc({ oidc, features: { oidcConnections: false } }));
    try {
      expect((await b.screen('/mypage/connections')).status).toBe(404);
      expect((await b.post('/zapi/oidc/revoke/grant/any', {})).status).toBe(404);
    } finally {
      await h.apply(midoriDoc({ oidc, features: { oidcConnections: true } }));
    }
  });

  it('sends a guest to the login page', async () => {
    const guest = browser(h, MIDORI);
    expect((await guest.screen('/mypage/connections')).body.redirectTo).toBe('/login?redirectTo=%2Fmypage%2Fconnections');
  });
});
