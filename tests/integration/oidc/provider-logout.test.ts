import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { APP_CALLBACK, formPost, type Harness, locationOf, PROVIDER_ENV, providerStore, startAuthorization } from './support.ts';

// Issue 24.2: signing out from an app (RP-initiated logout) ended the provider's session only:
// the store's /mypage stayed signed in and a new authorization skipped the login. Now the
// confirmation's default ends the store's session too, and the other apps of the session that
// registered a back-channel logout URI get a logout token.

const TV_CALLBACK = 'https://tv.example.com/cb';
const TV_BACKCHANNEL = 'https://tv.example.com/backchannel';
let h: Harness;
const logoutTokens: string[] = [];

// The provider posts logout tokens with the global fetch (through its SSRF guard); the TV app's
// back-channel endpoint is this stand-in, which keeps what it gets and answers 200.
const realFetch = globalThis.fetch;
vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.startsWith(TV_BACKCHANNEL)) return realFetch(input, init);
  logoutTokens.push(new URLSearchParams(String(init?.body ?? '')).get('logout_token') ?? '');
  return new Response(null, { status: 200 });
});

beforeAll(async () => {
  const { oidc } = providerStore('midori');
  const clients = [
    ...(oidc?.clients ?? []),
    {
      clientId: 'midori-tv',
      clientName: 'TV',
      redirectUris: [TV_CALLBACK],
      scopes: ['openid'],
      backchannelLogoutUri: TV_BACKCHANNEL,
    },
  ];
  h = await createHarness(PROVIDER_ENV);
  await h.apply(midoriDoc({ oidc: { ...oidc, clients }, features: { oidcConnections: true } }));
});
afterAll(async () => {
  await h.close();
  vi.restoreAllMocks();
});

/** A member signed in to the store who signed in to the app and the TV app; the app's tokens. */
async function signedInEverywhere(): Promise<{ b: Browser; rp: client.Configuration; idToken: string; accountId: string }> {
  const b = browser(h, MIDORI);
  const email = uniqueEmail('logout');
  const member = await seedMember(h, 'midori', { email, password: MIDORI_PASSWORD });
  expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
  const consent = async (at: URL, callback: string) => {
    expect(at.pathname).toBe('/oidc/consent');
    const answered = await formPost(h, b, '/oidc/consent/form', [['uid', at.searchParams.get('uid') ?? '']]);
    let next = locationOf(answered, MIDORI);
    for (let i = 0; i < 4 && next.host === MIDORI; i++) next = locationOf(await b.get(next.pathname + next.search), MIDORI);
    expect(`${next.origin}${next.pathname}`).toBe(callback);
    return next;
  };
  const tv = await startAuthorization(h, b, 'midori-tv', { redirect_uri: TV_CALLBACK, scope: 'openid' });
  await consent(tv.at, TV_CALLBACK);
  const app = await startAuthorization(h, b, 'midori-app');
  const callback = await consent(app.at, APP_CALLBACK);
  const tokens = await client.authorizationCodeGrant(app.rp, callback, { pkceCodeVerifier: app.verifier, expectedState: 'st' });
  return { b, rp: app.rp, idToken: tokens.id_token ?? '', accountId: member.id };
}

/** The app's end-session request, then the confirmation's form submitted with `fields`. */
async function signOutFromApp(b: Browser, rp: client.Configuration, idToken: string, fields: [string, string][]) {
  const end = client.buildEndSessionUrl(rp, { id_token_hint: idToken, post_logout_redirect_uri: APP_CALLBACK, state: 'bye' });
  const page = await b.get(end.pathname + end.search);
  expect(page.status).toBe(200);
  const html = String(page.body.raw ?? '');
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '');
  return formPost(h, b, action.pathname, [['xsrf', xsrf], ...fields]);
}

describe('signing out from an app', () => {
  it('by default signs the member out of the store and tells the other apps of the session', async () => {
    const { b, rp, idToken, accountId } = await signedInEverywhere();
    logoutTokens.length = 0;
    const done = await signOutFromApp(b, rp, idToken, [['logout', 'yes']]);
    const back = locationOf(done, MIDORI);
    expect(`${back.origin}${back.pathname}`).toBe(APP_CALLBACK);
    expect(back.searchParams.get('state')).toBe('bye');

    // The store's session ended in the same browser: no member, and the next app asks for a login.
    expect(await b.authId()).toBe('');
    expect((await startAuthorization(h, b, 'midori-app')).at.pathname).toBe('/oidc/login');

    // The TV app registered a back-channel URI: it got a logout token for this member.
    expect(logoutTokens).toHaveLength(1);
    const claims = JSON.parse(Buffer.from(logoutTokens[0]?.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: accountId, aud: 'midori-tv', iss: `http://${MIDORI}` });
    expect(claims.events).toHaveProperty(['http://schemas.openid.net/event/backchannel-logout']);
    expect(typeof claims.sid).toBe('string');
  });

  it('leaves the store signed in when the member signs out of that app only', async () => {
    const { b, rp, idToken } = await signedInEverywhere();
    const authId = await b.authId();
    logoutTokens.length = 0;
    const done = await signOutFromApp(b, rp, idToken, []);
    expect(`${locationOf(done, MIDORI).origin}${locationOf(done, MIDORI).pathname}`).toBe(APP_CALLBACK);
    expect(await b.authId()).toBe(authId);
    expect(logoutTokens).toHaveLength(0);
  });
});
