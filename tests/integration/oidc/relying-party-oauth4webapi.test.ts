import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../app-harness.ts';
import type { Browser } from '../identity/support.ts';
import { CONFORMANCE_ENV, conformanceRp, conformanceStore, RP_CALLBACK, RP_SECRET } from './conformance-support.ts';
import { appFetch, type Harness, locationOf } from './support.ts';

// A second relying-party library, oauth4webapi (openid-client's own protocol layer used
// directly, with its default checks), through discovery, login, consent, the code with PKCE,
// userinfo, refresh, revocation and RP-initiated logout, on two stores (issue 24).

const STORES = [
  { storeId: 'hoshi', host: 'hoshi.test.localhost' },
  { storeId: 'nami', host: 'nami.test.localhost' },
];
let h: Harness;

beforeAll(async () => {
  h = await createHarness(CONFORMANCE_ENV);
  for (const { storeId } of STORES) await h.apply(conformanceStore(storeId));
});
afterAll(() => h.close());

/** The library's options: our app as its fetch, plain http for the local test hosts. */
const options = () => ({ [oauth.customFetch]: appFetch(h), [oauth.allowInsecureRequests]: true });

/** RP-initiated logout as a browser: the provider's confirmation form, answered "yes". */
async function logout(b: Browser, host: string, endSession: URL): Promise<URL> {
  const page = await b.get(endSession.pathname + endSession.search);
  expect(page.status).toBe(200);
  const html = String(page.body.raw);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await h.app.request(new URL(action, `http://${host}`).pathname, {
    method: 'POST',
    headers: { host, cookie: b.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  b.jar.absorb(res);
  return locationOf(res, host);
}

for (const { storeId, host } of STORES) {
  describe(`oauth4webapi against ${storeId}`, () => {
    const issuer = new URL(`http://${host}`);
    const client: oauth.Client = { client_id: `${storeId}-rp` };
    const auth = oauth.ClientSecretBasic(RP_SECRET);

    async function signIn() {
      const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options()));
      const rp = conformanceRp(h, host, storeId);
      const member = await rp.member({ profile: { familyName: '鈴木', givenName: '一郎' } });
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const nonce = oauth.generateRandomNonce();
      const url = new URL(as.authorization_endpoint ?? '');
      for (const [k, v] of Object.entries({
        client_id: client.client_id,
        redirect_uri: RP_CALLBACK,
        response_type: 'code',
        scope: 'openid profile email',
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      }))
        url.searchParams.set(k, v);
      const { callback, pages } = await rp.signIn(member.browser, member.email, url);
      expect(pages).toEqual(['/oidc/login', '/oidc/consent']);
      const params = oauth.validateAuthResponse(as, client, callback, state);
      const response = await oauth.authorizationCodeGrantRequest(as, client, auth, params, RP_CALLBACK, verifier, options());
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
      return { as, member, tokens };
    }

    it('signs a member in, reads userinfo, refreshes and revokes', async () => {
      const { as, member, tokens } = await signIn();
      const claims = oauth.getValidatedIdTokenClaims(tokens);
      expect(claims?.sub).toBe(member.id);
      expect(claims?.iss).toBe(issuer.origin);

      const info = await oauth.processUserInfoResponse(
        as,
        client,
        member.id,
        await oauth.userInfoRequest(as, client, tokens.access_token, options()),
      );
      expect(info).toMatchObject({ sub: member.id, email: member.email, name: '鈴木 一郎' });

      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client,
        await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token ?? '', options()),
      );
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      expect(oauth.getValidatedIdTokenClaims(refreshed)?.sub).toBe(member.id);

      await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, auth, refreshed.access_token, options()));
      const afterRevocation = await oauth.userInfoRequest(as, client, refreshed.access_token, options());
      expect(afterRevocation.status).toBe(401);
    });

    it('ends the session at the provider (RP-initiated logout) and returns to the app', async () => {
      const { as, member, tokens } = await signIn();
      const endSession = new URL(as.end_session_endpoint ?? '');
      endSession.searchParams.set('id_token_hint', tokens.id_token ?? '');
      endSession.searchParams.set('post_logout_redirect_uri', RP_CALLBACK);
      endSession.searchParams.set('state', 'bye');
      const back = await logout(member.browser, host, endSession);
      expect(back.origin + back.pathname).toBe(RP_CALLBACK);
      expect(back.searchParams.get('state')).toBe('bye');
      // The provider's session is over: a silent sign-in is refused.
      const rp = conformanceRp(h, host, storeId);
      const silent = await rp.redirectOnly(member.browser, rp.authUrl({ prompt: 'none' }));
      expect(silent.searchParams.get('error')).toBe('login_required');
    });

    it('RP-initiated logout signs the member out of the store too', async () => {
      const { as, member, tokens } = await signIn();
      expect(await member.browser.authId()).not.toBe('');
      const endSession = new URL(as.end_session_endpoint ?? '');
      endSession.searchParams.set('id_token_hint', tokens.id_token ?? '');
      endSession.searchParams.set('post_logout_redirect_uri', RP_CALLBACK);
      await logout(member.browser, host, endSession);
      expect(await member.browser.authId()).toBe('');
    });
  });
}
