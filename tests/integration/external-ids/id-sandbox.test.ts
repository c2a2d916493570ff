// The local identity providers speak their providers' protocols: a real relying party
// (openid-client) runs the authorization code flow with state, nonce and PKCE against each, and
// the quirks hold (LINE without e-mail, Google's email_verified, Yahoo! JAPAN's attributes from
// userinfo, Facebook without discovery and with Graph /me, form_post).
import { createHmac } from 'node:crypto';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningIdSandbox, startIdSandbox } from '../../../id-sandbox/server.ts';
import type { ProviderId } from '../../../id-sandbox/users.ts';

const REDIRECT = 'http://aozora.localhost:3000/auth/callback';
const CLIENT_ID = 'store-client';
let sandbox: RunningIdSandbox;

beforeAll(async () => {
  sandbox = await startIdSandbox({ port: 0, host: '127.0.0.1', secret: 'test-secret-0123456789abcdef0123456789', unref: true });
});
afterAll(() => sandbox.close());

async function configFor(provider: ProviderId, clientId = CLIENT_ID) {
  const secret = sandbox.clientSecret(provider, clientId);
  const config =
    provider === 'facebook'
      ? new oidc.Configuration(
          {
            issuer: sandbox.issuer(provider),
            authorization_endpoint: `${sandbox.origin(provider)}/v19.0/dialog/oauth`,
            token_endpoint: `${sandbox.origin(provider)}/v19.0/oauth/access_token`,
          },
          clientId,
          secret,
          oidc.ClientSecretPost(secret),
        )
      : await oidc.discovery(
          new URL(sandbox.issuer(provider)),
          clientId,
          // LINE's web-login ID tokens are HS256, not the ES256 its discovery document names.
          { client_secret: secret, ...(provider === 'line' ? { id_token_signed_response_alg: 'HS256' } : {}) },
          undefined,
          { execute: [oidc.allowInsecureRequests] },
        );
  if (provider === 'facebook') oidc.allowInsecureRequests(config);
  return config;
}

/** The viewer's part: opens the authorization URL, picks the user on the consent page, and comes back. */
async function consent(url: URL, user: string, decision = 'allow'): Promise<Response> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const ref = /name="ref" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return fetch(new URL('/sandbox/consent', url), {
    method: 'POST',
    body: new URLSearchParams({ ref, user, decision }),
    redirect: 'manual',
  });
}

async function start(provider: ProviderId, scope: string, extra: Record<string, string> = {}) {
  const config = await configFor(provider);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope,
    state,
    ...(provider === 'facebook' ? {} : { nonce }),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { config, verifier, state, nonce, url };
}

describe('id-sandbox', () => {
  it('LINE: discovery naming ES256, yet an HS256 ID token (the channel secret) with nonce; a user without e-mail gives none', async () => {
    const f = await start('line', 'openid profile email');
    const back = await consent(f.url, 'line-hanako');
    expect(back.status).toBe(303);
    const tokens = await oidc.authorizationCodeGrant(f.config, new URL(back.headers.get('location') ?? ''), {
      pkceCodeVerifier: f.verifier,
      expectedState: f.state,
      expectedNonce: f.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    expect(claims).toMatchObject({ sub: 'U4af4980629f0c1b7e2d7a1b3c5e9f002', name: 'LINE 花子', iss: sandbox.issuer('line') });
    expect(claims?.email).toBeUndefined();
    const [header = '', payload = '', signature] = tokens.id_token?.split('.') ?? [];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString()).alg).toBe('HS256');
    const secret = sandbox.clientSecret('line', CLIENT_ID);
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  });

  it('Google: email_verified in the ID token; form_post answers with a form to the redirect URI', async () => {
    const f = await start('google', 'openid email profile', { response_mode: 'form_post' });
    const page = await consent(f.url, 'google-bob');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`action="${REDIRECT}"`);
    const field = (n: string) => new RegExp(`name="${n}" value="([^"]+)"`).exec(html)?.[1] ?? '';
    const post = new Request(REDIRECT, { method: 'POST', body: new URLSearchParams({ code: field('code'), state: field('state') }) });
    const tokens = await oidc.authorizationCodeGrant(f.config, post, {
      pkceCodeVerifier: f.verifier,
      expectedState: f.state,
      expectedNonce: f.nonce,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({ email: 'bob.google@example.com', email_verified: false, given_name: 'Bob' });
  });

  it('Yahoo! JAPAN: issuer under /yconnect/v2, attributes (kana names) from userinfo', async () => {
    const f = await start('yahoojp', 'openid profile email');
    expect(f.url.pathname).toBe('/yconnect/v2/authorization');
    const back = await consent(f.url, 'yahoo-ichiro');
    const tokens = await oidc.authorizationCodeGrant(f.config, new URL(back.headers.get('location') ?? ''), {
      pkceCodeVerifier: f.verifier,
      expectedState: f.state,
      expectedNonce: f.nonce,
      idTokenExpected: true,
    });
    const sub = tokens.claims()?.sub ?? '';
    expect(tokens.claims()?.email).toBeUndefined();
    const info = await oidc.fetchUserInfo(f.config, tokens.access_token, sub);
    expect(info).toMatchObject({ email: 'ichiro.yahoo@example.jp', email_verified: true, 'family_name#ja-Kana-JP': 'スズキ' });
  });

  it('Facebook: OAuth 2 without ID token, the user from Graph /me', async () => {
    const f = await start('facebook', 'public_profile email');
    const back = await consent(f.url, 'facebook-carol');
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.hash).toBe('#_=_');
    location.hash = '';
    const tokens = await oidc.authorizationCodeGrant(f.config, location, { pkceCodeVerifier: f.verifier, expectedState: f.state });
    const me = new URL(`${sandbox.origin('facebook')}/v19.0/me?fields=id,name,email`);
    const res = await oidc.fetchProtectedResource(f.config, tokens.access_token, me, 'GET');
    expect(await res.json()).toEqual({ id: '10229876543210001', name: 'Carol Example', email: 'carol.facebook@example.com' });
  });

  it('refuses a wrong PKCE verifier, a reused code, a wrong secret and a state that does not match', async () => {
    const f = await start('google', 'openid email');
    const back = new URL((await consent(f.url, 'google-alice')).headers.get('location') ?? '');
    await expect(
      oidc.authorizationCodeGrant(f.config, back, { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: f.state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // The code was consumed by the failed attempt.
    await expect(
      oidc.authorizationCodeGrant(f.config, back, { pkceCodeVerifier: f.verifier, expectedState: f.state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(
      oidc.authorizationCodeGrant(f.config, back, { pkceCodeVerifier: f.verifier, expectedState: 'another' }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/state/) } });
    const wrong = await oidc.discovery(new URL(sandbox.issuer('google')), 'store-client', 'not-the-secret', undefined, {
      execute: [oidc.allowInsecureRequests],
    });
    const g = await start('google', 'openid email');
    const back2 = new URL((await consent(g.url, 'google-alice')).headers.get('location') ?? '');
    await expect(oidc.authorizationCodeGrant(wrong, back2, { pkceCodeVerifier: g.verifier, expectedState: g.state })).rejects.toMatchObject(
      {
        error: 'invalid_client',
      },
    );
  });

  it('cancel on the consent page answers access_denied with the state', async () => {
    const f = await start('line', 'openid profile');
    const back = new URL((await consent(f.url, 'line-taro', 'cancel')).headers.get('location') ?? '');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'access_denied', state: f.state });
  });
});
