import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness } from '../app-harness.ts';
import { CONFORMANCE_ENV, type ConformanceRp, conformanceRp, conformanceStore, RP_CALLBACK, RP_SECRET } from './conformance-support.ts';
import type { Harness } from './support.ts';

// The OpenID Foundation's Basic OP plan, continued: the modules about the token endpoint, the
// userinfo endpoint and the scopes' claims, the refresh token, plus the token revocation the issue
// asks for (RFC 7009; no module of the plans). Each test is named after the suite's test id.
// Table: docs/decisions/0037-openid-conformance.md.

const KUMO = 'kumo.test.localhost';
let h: Harness;
let rp: ConformanceRp;

beforeAll(async () => {
  h = await createHarness(CONFORMANCE_ENV);
  await h.apply(conformanceStore('kumo'));
  rp = conformanceRp(h, KUMO, 'kumo');
});
afterAll(() => h.close());
afterEach(() => vi.useRealTimers());

const PROFILE = { familyName: '佐藤', givenName: '花子', nickname: 'はな' };
const PROFILE_CLAIMS = ['name', 'family_name', 'given_name', 'nickname', 'birthdate', 'picture', 'locale'];

/** A member signs in with `scope` (consenting to all of it); the client's callback. */
async function signedIn(scope = 'openid', clientId = rp.clientId) {
  const member = await rp.member({ profile: PROFILE });
  const { callback } = await rp.signIn(member.browser, member.email, rp.authUrl({ scope }, clientId));
  return { member, callback };
}

describe('oidcc-basic-certification-test-plan: userinfo', () => {
  for (const how of ['get', 'post-header', 'post-body'] as const) {
    it(`oidcc-userinfo-${how}: the userinfo endpoint answers the access token (${how === 'post-body' ? 'in the form body' : `by ${how === 'get' ? 'GET' : 'POST'} with the Authorization header`})`, async () => {
      const { member, callback } = await signedIn();
      const tokens = await rp.redeem(callback);
      const info = await rp.userinfo(tokens.access_token, how);
      expect(info.status).toBe(200);
      expect(info.headers.get('content-type')).toMatch(/^application\/json/);
      // The subject is the ID token's (OIDCC 5.3.2).
      expect(info.body.sub).toBe((await rp.idToken(tokens.id_token)).claims.sub);
      expect(info.body.sub).toBe(member.id);
    });
  }

  it('oidcc-userinfo-*: without a valid bearer token the answer is 401 with a WWW-Authenticate challenge', async () => {
    const missing = await h.app.request('/oidc/me', { headers: { host: KUMO } });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await rp.userinfo('not-a-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/invalid_token/);
  });
});

describe('oidcc-basic-certification-test-plan: scopes', () => {
  it("oidcc-scope-profile: scope profile releases the member's profile claims and not the e-mail", async () => {
    const { callback } = await signedIn('openid profile');
    const info = (await rp.userinfo((await rp.redeem(callback)).access_token)).body;
    expect(Object.keys(info).filter((k) => PROFILE_CLAIMS.includes(k)).length).toBeGreaterThan(0);
    expect(info).not.toHaveProperty('email');
  });

  it('oidcc-scope-email: scope email releases email and email_verified and no profile claim', async () => {
    const { member, callback } = await signedIn('openid email');
    const info = (await rp.userinfo((await rp.redeem(callback)).access_token)).body;
    expect(info).toMatchObject({ sub: member.id, email: member.email, email_verified: true });
    for (const claim of PROFILE_CLAIMS) expect(info).not.toHaveProperty(claim);
  });

  it('oidcc-scope-address, oidcc-scope-phone, oidcc-scope-all: address and phone are not offered (the suite skips them); asking for all releases what is offered', async () => {
    const discovery = await rp.discovery();
    expect(discovery.scopes_supported).not.toContain('address');
    expect(discovery.scopes_supported).not.toContain('phone');
    const { member, callback } = await signedIn('openid profile email address phone');
    const tokens = await rp.redeem(callback);
    expect(tokens.scope?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    const info = (await rp.userinfo(tokens.access_token)).body;
    expect(info.email).toBe(member.email);
    expect(Object.keys(info).filter((k) => PROFILE_CLAIMS.includes(k)).length).toBeGreaterThan(0);
    expect(info).not.toHaveProperty('address');
    expect(info).not.toHaveProperty('phone_number');
  });
});

describe('oidcc-basic-certification-test-plan: the token endpoint', () => {
  it('oidcc-codereuse: a code redeemed twice is refused the second time (invalid_grant)', async () => {
    const { callback } = await signedIn();
    const fields = { grant_type: 'authorization_code', code: callback.searchParams.get('code') ?? '', redirect_uri: RP_CALLBACK };
    expect((await rp.token(fields)).status).toBe(200);
    const second = await rp.token(fields);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
  });

  it('oidcc-codereuse-30seconds: a code redeemed again 30 seconds later is refused and the tokens of the first redemption stop working', async () => {
    const { callback } = await signedIn();
    const fields = { grant_type: 'authorization_code', code: callback.searchParams.get('code') ?? '', redirect_uri: RP_CALLBACK };
    const first = await rp.token(fields);
    expect(first.status).toBe(200);
    const accessToken = first.body.access_token as string;
    expect((await rp.userinfo(accessToken)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    const second = await rp.token(fields);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    // OP-OAuth-2nd-Revokes: the access token issued for the code is revoked.
    expect((await rp.userinfo(accessToken)).status).toBe(401);
    const refreshed = await rp.token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string });
    expect(refreshed.status).toBe(400);
  });

  it("oidcc-refresh-token: a refresh token gives new tokens with the same subject, and is bound to its client (client2 cannot use client1's)", async () => {
    const discovery = await rp.discovery();
    expect(discovery.grant_types_supported).toContain('refresh_token');
    const { member, callback } = await signedIn();
    const tokens = await rp.redeem(callback);
    const first = await rp.idToken(tokens.id_token);
    expect(tokens.refresh_token).toMatch(/^[\x20-\x7e]+$/);

    const refreshed = await rp.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(tokens.access_token);
    const second = await rp.idToken(refreshed.body.id_token as string);
    expect(second.claims.sub).toBe(member.id);
    expect(second.claims.iss).toBe(first.claims.iss);
    expect(second.claims.aud).toBe(first.claims.aud);
    if (first.claims.auth_time !== undefined) expect(second.claims.auth_time).toBe(first.claims.auth_time);
    expect((await rp.userinfo(refreshed.body.access_token as string)).body.sub).toBe(member.id);

    // client2's refresh token used by client1 (and the other way round) is refused.
    const other = await signedIn('openid', rp.client2Id);
    const otherTokens = await rp.redeem(other.callback, rp.client2Id);
    const crossed = await rp.token({ grant_type: 'refresh_token', refresh_token: otherTokens.refresh_token ?? '' }, rp.clientId);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error).toBe('invalid_grant');
    const latest = (refreshed.body.refresh_token as string | undefined) ?? tokens.refresh_token ?? '';
    const crossedBack = await rp.token({ grant_type: 'refresh_token', refresh_token: latest }, rp.client2Id);
    expect(crossedBack.status).toBe(400);
    expect(crossedBack.body.error).toBe('invalid_grant');
  });

  it('oidcc-server-client-secret-post: the code flow with the client authenticating by client_secret_post', async () => {
    const { member, callback } = await signedIn();
    const code = callback.searchParams.get('code') ?? '';
    const answer = await rp.token({ grant_type: 'authorization_code', code, redirect_uri: RP_CALLBACK }, rp.clientId, 'post');
    expect(answer.status).toBe(200);
    expect((await rp.idToken(answer.body.id_token as string)).claims.sub).toBe(member.id);
    expect((await rp.userinfo(answer.body.access_token as string)).body.sub).toBe(member.id);
  });

  it('oidcc-server: a wrong client secret is invalid_client and redeems nothing', async () => {
    const { callback } = await signedIn();
    const code = callback.searchParams.get('code') ?? '';
    const res = await h.app.request('/oidc/token', {
      method: 'POST',
      headers: {
        host: KUMO,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${rp.clientId}:wrong-secret`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: RP_CALLBACK }).toString(),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
    expect((await rp.token({ grant_type: 'authorization_code', code, redirect_uri: RP_CALLBACK })).status).toBe(200);
  });
});

describe('token revocation (RFC 7009; the issue asks for it, no module of the OIDF plans)', () => {
  async function revoke(token: string, hint?: string) {
    const res = await h.app.request('/oidc/token/revocation', {
      method: 'POST',
      headers: {
        host: KUMO,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${rp.clientId}:${RP_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token, ...(hint ? { token_type_hint: hint } : {}) }).toString(),
    });
    return res.status;
  }

  // node-oidc-provider ends the whole grant when either of its tokens is revoked (RFC 7009 2.1
  // allows it): the app is signed out of the member's account, as "disconnect" in My Page does.
  it('revokes an access token: userinfo refuses it at once and the grant ends (its refresh token too)', async () => {
    const { callback } = await signedIn();
    const tokens = await rp.redeem(callback);
    expect(await revoke(tokens.access_token, 'access_token')).toBe(200);
    expect((await rp.userinfo(tokens.access_token)).status).toBe(401);
    const refreshed = await rp.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refreshed.body.error).toBe('invalid_grant');
  });

  it('revokes a refresh token: neither it nor the access token works any more', async () => {
    const { callback } = await signedIn();
    const tokens = await rp.redeem(callback);
    expect(await revoke(tokens.refresh_token ?? '')).toBe(200);
    const refreshed = await rp.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token ?? '' });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    expect((await rp.userinfo(tokens.access_token)).status).toBe(401);
  });

  it('answers 200 for an unknown token (RFC 7009 2.2) and changes nothing', async () => {
    expect(await revoke('no-such-token')).toBe(200);
  });
});
