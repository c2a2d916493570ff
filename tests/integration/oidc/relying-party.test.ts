import { createPublicKey, verify } from 'node:crypto';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcModels } from '#server/db/schema.ts';
import { rotateSigningKey } from '#server/platform/stores/signing-keys.ts';
import { createHarness } from '../app-harness.ts';
import { seedMember } from '../identity/support.ts';
import {
  APP_CALLBACK,
  codeFlow,
  type Harness,
  locationOf,
  PARTNER_SECRET,
  PROVIDER_ENV,
  providerStore,
  relyingParty,
  SECRET_ENV,
} from './support.ts';

// A real relying party (openid-client) against two stores that are OpenID providers: code with
// PKCE, ID token validation, userinfo by scope, refresh, revocation, logout, keys, isolation.

const SORA = 'sora.test.localhost';
const BENI = 'beni.test.localhost';
let h: Harness;
let soraMember: { id: string; email: string };
let beniMember: { id: string; email: string };

beforeAll(async () => {
  h = await createHarness({ ...PROVIDER_ENV, [SECRET_ENV]: PARTNER_SECRET });
  await h.apply(providerStore('sora'));
  await h.apply(providerStore('beni'));
  soraMember = await seedMember(h, 'sora', { email: 'oidc-member@example.jp' });
  beniMember = await seedMember(h, 'beni', { email: 'oidc-member@example.jp' });
});
afterAll(() => h.close());

describe('a store as an OpenID provider', () => {
  it('publishes discovery and keys on its own origin', async () => {
    const rp = await relyingParty(h, SORA, 'sora-app');
    const meta = rp.serverMetadata();
    expect(meta.issuer).toBe(`http://${SORA}`);
    expect(meta.authorization_endpoint).toBe(`http://${SORA}/oidc/auth`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = (await (await h.get('/oidc/jwks', SORA)).json()) as { keys: { kid: string; d?: string }[] };
    expect(jwks.keys.length).toBe(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const other = (await (await h.get('/oidc/jwks', BENI)).json()) as { keys: { kid: string; n: string }[] };
    expect(other.keys[0]?.n).not.toBe((jwks.keys[0] as { n?: string }).n);
  });

  it('signs a member in with code and PKCE, releasing only the granted scopes', async () => {
    const rp = await relyingParty(h, SORA, 'sora-app');
    const { callback, checks } = await codeFlow(h, rp, SORA, soraMember.id, { reject: ['email'] });
    const tokens = await client.authorizationCodeGrant(rp, callback, checks);
    const claims = tokens.claims();
    expect(claims?.sub).toBe(soraMember.id);
    expect(claims?.iss).toBe(`http://${SORA}`);
    expect(claims?.aud).toBe('sora-app');
    expect(tokens.scope?.split(' ').sort()).toEqual(['openid', 'profile']);
    const info = await client.fetchUserInfo(rp, tokens.access_token, soraMember.id);
    expect(info).not.toHaveProperty('email');
    expect(info.locale).toBe('ja');
  });

  it('refuses a public client without PKCE', async () => {
    const rp = await relyingParty(h, SORA, 'sora-app');
    const url = client.buildAuthorizationUrl(rp, { redirect_uri: APP_CALLBACK, scope: 'openid', state: 's' });
    const res = await h.get(url.pathname + url.search, SORA);
    const back = locationOf(res, SORA);
    expect(back.origin + back.pathname).toBe(APP_CALLBACK);
    expect(back.searchParams.get('error')).toBe('invalid_request');
  });

  it('refreshes, revokes and ends the session', async () => {
    const rp = await relyingParty(h, BENI, 'beni-partner', PARTNER_SECRET);
    const { callback, checks, browser } = await codeFlow(h, rp, BENI, beniMember.id, {
      scope: 'openid email',
      redirectUri: 'https://partner.example.com/cb',
    });
    const tokens = await client.authorizationCodeGrant(rp, callback, checks);
    expect((await client.fetchUserInfo(rp, tokens.access_token, beniMember.id)).email).toBe('oidc-member@example.jp');
    expect(tokens.refresh_token).toBeTruthy();

    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()?.sub).toBe(beniMember.id);

    await client.tokenRevocation(rp, refreshed.access_token);
    await expect(client.fetchUserInfo(rp, refreshed.access_token, beniMember.id)).rejects.toThrow();

    // RP-initiated logout: the confirmation form, then back to the client's registered URI.
    const end = client.buildEndSessionUrl(rp, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: 'https://partner.example.com/cb',
    });
    const page = await browser.get(end);
    expect(page.status).toBe(200);
    // The confirmation cannot be framed (clickjacking the sign-out).
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(xsrf).not.toBe('');
    const confirm = await h.app.request(action, {
      method: 'POST',
      headers: {
        host: BENI,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(locationOf(confirm, BENI).href).toBe('https://partner.example.com/cb');
    expect(confirm.headers.getSetCookie().some((c) => c.startsWith('_session=;'))).toBe(true);
  });

  // Issue 24.4: another client's token got 200 and stayed valid; the empty text/plain answer made
  // oidc-client-ts' revokeTokens() throw.
  it("refuses to revoke another client's token (RFC 7009) and answers JSON browser libraries accept", async () => {
    const app = await relyingParty(h, SORA, 'sora-app');
    const { callback, checks } = await codeFlow(h, app, SORA, soraMember.id);
    const tokens = await client.authorizationCodeGrant(app, callback, checks);
    const revoke = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      h.app.request('/oidc/token/revocation', {
        method: 'POST',
        headers: { host: SORA, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });

    const basic = `Basic ${Buffer.from(`sora-partner:${PARTNER_SECRET}`).toString('base64')}`;
    const byOther = await revoke({ token: tokens.access_token }, { authorization: basic });
    expect(byOther.status).toBe(400);
    expect(await byOther.json()).toMatchObject({ error: 'unauthorized_client' });
    expect((await client.fetchUserInfo(app, tokens.access_token, soraMember.id)).sub).toBe(soraMember.id);

    const own = await revoke({ token: tokens.access_token, client_id: 'sora-app' });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await own.json()).toEqual({});
    await expect(client.fetchUserInfo(app, tokens.access_token, soraMember.id)).rejects.toThrow();
  });

  it("refuses store A's token at store B", async () => {
    const rp = await relyingParty(h, SORA, 'sora-app');
    const { callback, checks } = await codeFlow(h, rp, SORA, soraMember.id);
    const tokens = await client.authorizationCodeGrant(rp, callback, checks);
    const atBeni = await h.app.request('/oidc/me', { headers: { host: BENI, authorization: `Bearer ${tokens.access_token}` } });
    expect(atBeni.status).toBe(401);
    const atSora = await h.app.request('/oidc/me', { headers: { host: SORA, authorization: `Bearer ${tokens.access_token}` } });
    expect(atSora.status).toBe(200);
  });

  it('redeems a code once among 20 parallel redemptions', async () => {
    const rp = await relyingParty(h, SORA, 'sora-app');
    const { callback, checks } = await codeFlow(h, rp, SORA, soraMember.id);
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: APP_CALLBACK,
      client_id: 'sora-app',
      code_verifier: checks.pkceCodeVerifier,
    }).toString();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.app.request('/oidc/token', {
          method: 'POST',
          headers: { host: SORA, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
  });

  it('rotates keys: the new key signs, tokens signed before still verify', async () => {
    const rp = await relyingParty(h, SORA, 'sora-app');
    const before = await codeFlow(h, rp, SORA, soraMember.id);
    const oldTokens = await client.authorizationCodeGrant(rp, before.callback, before.checks);
    const oldKid = JSON.parse(Buffer.from(oldTokens.id_token?.split('.')[0] ?? '', 'base64url').toString()).kid;

    const kid = await rotateSigningKey(h.database.admin, 'sora');
    h.storeCache.invalidate('sora');
    const jwks = (await (await h.get('/oidc/jwks', SORA)).json()) as { keys: ({ kid: string } & Record<string, string>)[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([kid, oldKid]);
    // The ID token signed before the rotation verifies with the old key the JWKS still publishes.
    const [head = '', payload = '', signature = ''] = (oldTokens.id_token ?? '').split('.');
    const oldKey = createPublicKey({ key: jwks.keys[1] ?? {}, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${head}.${payload}`), oldKey, Buffer.from(signature, 'base64url'))).toBe(true);

    // A relying party that fetches the keys now verifies an ID token of either key.
    const fresh = await relyingParty(h, SORA, 'sora-app');
    const after = await codeFlow(h, fresh, SORA, soraMember.id);
    const newTokens = await client.authorizationCodeGrant(fresh, after.callback, after.checks);
    expect(JSON.parse(Buffer.from(newTokens.id_token?.split('.')[0] ?? '', 'base64url').toString()).kid).toBe(kid);
    const refreshed = await client.refreshTokenGrant(fresh, oldTokens.refresh_token ?? '');
    expect(refreshed.claims()?.sub).toBe(soraMember.id);
  });

  it('housekeeping drops expired provider state', async () => {
    const count = () => h.database.admin.$count(oidcModels);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const { oidcState } = await h.services.housekeeping.purgeExpired(new Date(Date.now() + 400 * 24 * 3600 * 1000));
    expect(oidcState).toBe(before);
    expect(await count()).toBe(0);
  });
});
