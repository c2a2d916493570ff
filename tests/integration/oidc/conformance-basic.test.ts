import { createHash, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness } from '../app-harness.ts';
import {
  CONFORMANCE_ENV,
  type ConformanceRp,
  callbackError,
  conformanceRp,
  conformanceStore,
  PASSWORD,
  RP_CALLBACK,
} from './conformance-support.ts';
import { followToPage, type Harness } from './support.ts';

// The OpenID Foundation's Basic OP plan (oidcc-basic-certification-test-plan, response_type=code,
// client_secret_basic, static clients): each module that applies to a code-flow provider, named
// after the suite's test id and checking what the module checks. The modules about the
// authorization request and the ID token are here; userinfo, tokens and code reuse are in
// conformance-tokens.test.ts. Table: docs/decisions/0037-openid-conformance.md.

const SORA = 'sora.test.localhost';
let h: Harness;
let rp: ConformanceRp;

beforeAll(async () => {
  h = await createHarness(CONFORMANCE_ENV);
  await h.apply(conformanceStore('sora'));
  rp = conformanceRp(h, SORA, 'sora');
});
afterAll(() => h.close());
afterEach(() => vi.useRealTimers());

/** A member signs in once (password, consent to every scope asked) and the client redeems the code. */
async function firstSignIn(params: Record<string, string | undefined> = {}) {
  const member = await rp.member({ profile: { familyName: '山田', givenName: '太郎', nickname: 'たろう' } });
  const url = rp.authUrl({ scope: 'openid profile email', ...params });
  const { callback, pages } = await rp.signIn(member.browser, member.email, url);
  expect(callback.searchParams.get('state')).toBe(url.searchParams.get('state'));
  const tokens = await rp.redeem(callback);
  const { claims } = await rp.idToken(tokens.id_token, { nonce: url.searchParams.get('nonce') });
  return { member, tokens, claims, pages };
}

describe('oidcc-basic-certification-test-plan', () => {
  it('oidcc-server: code flow, the ID token signed (RS256, kid) and valid, the token answer as the spec says', async () => {
    const member = await rp.member();
    const url = rp.authUrl({ scope: 'openid' });
    const { callback, pages } = await rp.signIn(member.browser, member.email, url);
    expect(pages).toEqual(['/oidc/login', '/oidc/consent']);
    expect(callback.origin + callback.pathname).toBe(RP_CALLBACK);
    expect(callback.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const code = callback.searchParams.get('code') ?? '';
    const answer = await rp.token({ grant_type: 'authorization_code', code, redirect_uri: RP_CALLBACK });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/no-store/);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(String(answer.body.token_type).toLowerCase()).toBe('bearer');
    expect(answer.body.access_token).toEqual(expect.any(String));
    expect(answer.body.expires_in).toBeGreaterThan(0);
    const { header, claims } = await rp.idToken(answer.body.id_token as string, { nonce: url.searchParams.get('nonce') });
    // oidcc-idtoken-signature's checks (that module itself needs dynamic registration): a kid, RS256.
    expect(header.kid).toBeTruthy();
    expect(header.alg).toBe('RS256');
    expect(claims.sub).toBe(member.id);
    expect(claims.aud).toBe(rp.clientId);
  });

  it('oidcc-response-type-missing: a request without response_type is refused (an error to the client or an error page)', async () => {
    const member = await rp.member();
    const at = await rp.redirectOnly(member.browser, rp.authUrl({ response_type: undefined }));
    if (at.origin + at.pathname === RP_CALLBACK) {
      expect(callbackError(at).error).toBe('invalid_request');
      expect(at.searchParams.has('code')).toBe(false);
    } else {
      expect(at.pathname).toBe('/oidc/error');
    }
  });

  it('oidcc-ensure-request-without-nonce-succeeds-for-code-flow: no nonce, a code, an ID token without nonce', async () => {
    const { claims } = await firstSignIn({ nonce: undefined });
    expect(claims).not.toHaveProperty('nonce');
  });

  it('oidcc-ensure-other-scope-order-succeeds: "email openid" works as "openid email"', async () => {
    const member = await rp.member();
    const { callback } = await rp.signIn(member.browser, member.email, rp.authUrl({ scope: 'email openid' }));
    const tokens = await rp.redeem(callback);
    expect((await rp.userinfo(tokens.access_token)).body.email).toBe(member.email);
  });

  for (const display of ['page', 'popup']) {
    it(`oidcc-display-${display}: display=${display} signs in`, async () => {
      const member = await rp.member();
      const { callback } = await rp.signIn(member.browser, member.email, rp.authUrl({ display }));
      expect((await rp.idToken((await rp.redeem(callback)).id_token)).claims.sub).toBe(member.id);
    });
  }

  it('oidcc-prompt-login: a member signed in is asked to sign in again; the second auth_time is later', async () => {
    const first = await firstSignIn();
    await new Promise((r) => setTimeout(r, 1100));
    const { callback, pages } = await rp.signIn(first.member.browser, first.member.email, rp.authUrl({ prompt: 'login' }));
    expect(pages).toContain('/oidc/login');
    const { claims } = await rp.idToken((await rp.redeem(callback)).id_token);
    expect(claims.sub).toBe(first.member.id);
    if (first.claims.auth_time !== undefined && claims.auth_time !== undefined) {
      expect(claims.auth_time).toBeGreaterThan(first.claims.auth_time as number);
    }
  });

  it('oidcc-prompt-none-not-logged-in: prompt=none without a session answers login_required to the client', async () => {
    const member = await rp.member();
    const url = rp.authUrl({ prompt: 'none' });
    const at = await rp.redirectOnly(member.browser, url);
    expect(at.origin + at.pathname).toBe(RP_CALLBACK);
    expect(callbackError(at)).toEqual({ error: 'login_required', state: url.searchParams.get('state') });
  });

  it('oidcc-prompt-none-logged-in: prompt=none with a session answers a code at once, same subject', async () => {
    const first = await firstSignIn();
    const at = await rp.redirectOnly(first.member.browser, rp.authUrl({ prompt: 'none' }));
    expect(at.origin + at.pathname).toBe(RP_CALLBACK);
    const { claims } = await rp.idToken((await rp.redeem(at)).id_token);
    expect(claims.sub).toBe(first.claims.sub);
  });

  it('oidcc-max-age-1: after 2 seconds, max_age=1 asks the member to sign in again; auth_time present, later, recent', async () => {
    const first = await firstSignIn();
    await new Promise((r) => setTimeout(r, 2100));
    const { callback, pages } = await rp.signIn(first.member.browser, first.member.email, rp.authUrl({ max_age: '1' }));
    expect(pages).toContain('/oidc/login');
    const { claims } = await rp.idToken((await rp.redeem(callback)).id_token);
    expect(claims.auth_time).toEqual(expect.any(Number));
    if (first.claims.auth_time !== undefined) expect(claims.auth_time).toBeGreaterThan(first.claims.auth_time as number);
    expect(Math.abs(Math.floor(Date.now() / 1000) - (claims.auth_time as number))).toBeLessThan(60);
  });

  it('oidcc-max-age-10000: max_age=10000 signs in without asking again; auth_time present and unchanged', async () => {
    const first = await firstSignIn();
    const at = await rp.redirectOnly(first.member.browser, rp.authUrl({ max_age: '10000' }));
    expect(at.origin + at.pathname).toBe(RP_CALLBACK);
    const { claims } = await rp.idToken((await rp.redeem(at)).id_token);
    expect(claims.auth_time).toEqual(expect.any(Number));
    if (first.claims.auth_time !== undefined) expect(claims.auth_time).toBe(first.claims.auth_time);
    expect(claims.sub).toBe(first.claims.sub);
  });

  it('oidcc-ensure-request-with-unknown-parameter-succeeds: an unknown parameter is ignored', async () => {
    const member = await rp.member();
    const { callback } = await rp.signIn(member.browser, member.email, rp.authUrl({ extra_parameter: 'unknown value' }));
    expect(callback.searchParams.has('code')).toBe(true);
  });

  it('oidcc-id-token-hint: prompt=none with the first ID token as hint answers at once; sub and auth_time agree', async () => {
    const first = await firstSignIn();
    const at = await rp.redirectOnly(first.member.browser, rp.authUrl({ prompt: 'none', id_token_hint: first.tokens.id_token }));
    expect(at.origin + at.pathname).toBe(RP_CALLBACK);
    const { claims } = await rp.idToken((await rp.redeem(at)).id_token);
    expect(claims.sub).toBe(first.claims.sub);
    if (first.claims.auth_time !== undefined && claims.auth_time !== undefined) expect(claims.auth_time).toBe(first.claims.auth_time);
  });

  it('oidcc-login-hint: login_hint is accepted and the sign-in goes on', async () => {
    const member = await rp.member();
    const { callback } = await rp.signIn(member.browser, member.email, rp.authUrl({ login_hint: member.email }));
    expect((await rp.idToken((await rp.redeem(callback)).id_token)).claims.sub).toBe(member.id);
  });

  for (const [lang, clientName] of [
    ['en', 'Conformance RP'],
    ['ja', '適合性テスト RP'],
  ] as const) {
    it(`oidcc-ui-locales: ui_locales=${lang} shows the sign-in and consent pages in ${lang === 'en' ? 'English' : 'Japanese'}`, async () => {
      const member = await rp.member();
      // The browser itself prefers the other language.
      const other = lang === 'en' ? 'ja' : 'en';
      const url = rp.authUrl({ ui_locales: `${lang === 'en' ? 'en-US' : 'ja-JP'} fr` });
      const login = await followToPage(member.browser, url);
      expect(login.pathname).toBe('/oidc/login');
      const loginScreen = await member.browser.screen(`${login.pathname}${login.search}`, { 'accept-language': other });
      expect(loginScreen.body.app.clientName).toBe(clientName);
      const signed = await member.browser.post('/oidc/login', {
        emailUserId: member.email,
        password: PASSWORD,
        uid: login.searchParams.get('uid'),
      });
      const consent = await followToPage(member.browser, new URL(signed.body.redirectTo, rp.origin));
      expect(consent.pathname).toBe('/oidc/consent');
      const consentScreen = await member.browser.screen(`${consent.pathname}${consent.search}`, { 'accept-language': other });
      expect(consentScreen.body.clientInfo.clientName).toBe(clientName);
    });
  }

  it('oidcc-claims-locales: claims_locales is accepted and the sign-in goes on', async () => {
    const { claims } = await firstSignIn({ claims_locales: 'ja en' });
    expect(claims.sub).toBeTruthy();
  });

  it('oidcc-ensure-request-with-acr-values-succeeds: acr_values is accepted and the sign-in goes on', async () => {
    const { claims } = await firstSignIn({ acr_values: '1 2' });
    expect(claims.sub).toBeTruthy();
  });

  it('oidcc-ensure-registered-redirect-uri: an unregistered redirect_uri gets an error page, never a redirect to it', async () => {
    const member = await rp.member();
    const at = await rp.redirectOnly(member.browser, rp.authUrl({ redirect_uri: 'https://rp.example.com/not-registered' }));
    expect(at.host).toBe(SORA);
    expect(at.pathname).toBe('/oidc/error');
    expect(at.searchParams.get('message')).toBe('invalid_redirect_uri');
  });

  it('oidcc-ensure-post-request-succeeds (a warning in the suite, not offered): a POST to the authorization endpoint signs nobody in', async () => {
    // node-oidc-provider answers POST authorization requests only with SameSite=None session
    // cookies (its enableHttpPostMethods); the stores keep Lax cookies, so GET only.
    const url = rp.authUrl({});
    const res = await h.app.request('/oidc/auth', {
      method: 'POST',
      headers: { host: SORA, origin: 'https://rp.example.com', 'content-type': 'application/x-www-form-urlencoded' },
      body: url.searchParams.toString(),
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });

  it('oidcc-unsigned-request-object-supported-correctly-or-rejected-as-unsupported: an unsigned request object is refused with request_not_supported', async () => {
    const discovery = await rp.discovery();
    expect(discovery.request_parameter_supported ?? false).toBe(false);
    const member = await rp.member();
    const plain = rp.authUrl({});
    const object = Object.fromEntries(plain.searchParams);
    const jwt = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(object)).toString('base64url')}.`;
    const url = rp.authUrl({ request: jwt, state: object.state, nonce: object.nonce });
    const at = await rp.redirectOnly(member.browser, url);
    expect(at.origin + at.pathname).toBe(RP_CALLBACK);
    expect(callbackError(at)).toEqual({ error: 'request_not_supported', state: object.state });
  });

  it('oidcc-request-uri-unsigned-supported-correctly-or-rejected-as-unsupported (static clients: not in the plan): request_uri is refused', async () => {
    const member = await rp.member();
    const url = rp.authUrl({ request_uri: 'https://rp.example.com/request.jwt' });
    const at = await rp.redirectOnly(member.browser, url);
    expect(at.origin + at.pathname).toBe(RP_CALLBACK);
    expect(callbackError(at)).toEqual({ error: 'request_uri_not_supported', state: url.searchParams.get('state') });
  });

  it('oidcc-claims-essential: a claims request for an essential name succeeds; the claims stay those of the granted scopes', async () => {
    const member = await rp.member({ profile: { familyName: '山田', givenName: '太郎' } });
    const claimsRequest = JSON.stringify({ userinfo: { name: { essential: true } } });
    const { callback } = await rp.signIn(member.browser, member.email, rp.authUrl({ scope: 'openid profile', claims: claimsRequest }));
    const tokens = await rp.redeem(callback);
    const info = await rp.userinfo(tokens.access_token);
    expect(info.status).toBe(200);
    expect(info.body.sub).toBe(member.id);
    expect(info.body.name).toBe('山田 太郎');
    expect(info.body).not.toHaveProperty('email');
    // EnsureIdTokenDoesNotContainName: asked for in userinfo only.
    expect((await rp.idToken(tokens.id_token)).claims).not.toHaveProperty('name');
  });

  it('oidcc-ensure-request-with-valid-pkce-succeeds: a confidential client using PKCE (S256) signs in', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const member = await rp.member();
    const { callback } = await rp.signIn(
      member.browser,
      member.email,
      rp.authUrl({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const code = callback.searchParams.get('code') ?? '';
    const wrong = await rp.token({ grant_type: 'authorization_code', code, redirect_uri: RP_CALLBACK, code_verifier: 'x'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    // A fresh code with the right verifier.
    const again = await rp.signIn(member.browser, member.email, rp.authUrl({ code_challenge: challenge, code_challenge_method: 'S256' }));
    const right = await rp.token({
      grant_type: 'authorization_code',
      code: again.callback.searchParams.get('code') ?? '',
      redirect_uri: RP_CALLBACK,
      code_verifier: verifier,
    });
    expect(right.status).toBe(200);
  });
});
