import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '#server/platform/middleware/security-headers.ts';
import { createHarness } from '../app-harness.ts';
import { type Harness, providerStore } from './support.ts';

// Issue 19, defects 5 and 8: one provider per store and revision whatever Host spelling names
// the store, its issuer the store's configured origin; and the provider's answers carry the
// store's security headers like every other answer.

const SORA = 'sora.test.localhost';
const SORA_ALT = 'sora-alt.test.localhost';
const PUBLIC = 'op.example.jp';
let h: Harness;

beforeAll(async () => {
  // The server's default port (3000): a localhost store's configured origin is http://<host>:3000.
  h = await createHarness();
  await h.apply(providerStore('sora', { hosts: [SORA, SORA_ALT] }));
  await h.apply(providerStore('pub', { hosts: [PUBLIC] }));
});
afterAll(() => h.close());

const discovery = async (host: string) => {
  const res = await h.get('/.well-known/openid-configuration', host);
  expect(res.status, host).toBe(200);
  return { res, meta: (await res.json()) as Record<string, unknown> };
};

describe('the issuer', () => {
  it('is the store configured origin for every Host spelling, and one provider answers them all', async () => {
    const store = await h.storeCache.resolveHost(SORA);
    if (!store) throw new Error('no store');
    const first = await h.services.oidcProviders.get(store);
    for (const host of [SORA, `${SORA}:3000`, 'SORA.TEST.LOCALHOST.:4300', `${SORA}.`, `${SORA_ALT}:8080`, 'Sora-Alt.Test.Localhost']) {
      const { meta } = await discovery(host);
      expect(meta.issuer, host).toBe(`http://${SORA}:3000`);
      // No endpoint echoes the raw Host (letter case, trailing dot).
      expect(JSON.stringify(meta), host).not.toMatch(/SORA|Sora|localhost\.[:/]/);
    }
    expect(await h.services.oidcProviders.get(store)).toBe(first);
    // Each build logs the client it skips (its secret is not set here): built once.
    expect(h.logLines.filter((l) => l.includes('oidc client skipped') && l.includes('"storeId":"sora"'))).toHaveLength(1);
  });

  it('is https and the host for a store on a public host', async () => {
    const { meta } = await discovery(`${PUBLIC.toUpperCase()}.`);
    expect(meta.issuer).toBe(`https://${PUBLIC}`);
    expect(meta.token_endpoint).toBe(`https://${PUBLIC}/oidc/token`);
  });
});

describe("the provider's answers", () => {
  const expectStoreHeaders = (res: Response, what: string) => {
    expect(res.headers.get('strict-transport-security'), what).toBe(HSTS);
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  };

  it('carry HSTS and the framing rules on discovery, JWKS, token, authorization and logout', async () => {
    expectStoreHeaders((await discovery(PUBLIC)).res, 'discovery');
    expectStoreHeaders(await h.get('/oidc/jwks', PUBLIC), 'jwks');
    const token = await h.app.request('/oidc/token', {
      method: 'POST',
      headers: { host: PUBLIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=nope&client_id=pub-app&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback',
    });
    expect(token.status).toBe(400);
    expectStoreHeaders(token, 'token');
    const auth = await h.get('/oidc/auth?client_id=pub-app&response_type=code&scope=openid', PUBLIC);
    expect(auth.status).toBeGreaterThanOrEqual(300);
    expectStoreHeaders(auth, 'authorization');
    const logout = await h.get('/oidc/session/end', PUBLIC);
    expect(logout.status).toBe(200);
    expect(await logout.text()).toContain(`https://${PUBLIC}/oidc/session/end/confirm`);
    expectStoreHeaders(logout, 'logout');
  });

  it("let the provider's self-submitting forms run under the store's CSP (the script has the answer's nonce)", async () => {
    const logout = await h.get('/oidc/session/end', PUBLIC);
    const nonce = /'nonce-([^']+)'/.exec(logout.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const scripts = (await logout.text()).match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toBe(`<script nonce="${nonce}">`);
  });

  it("keep the provider's own headers (the token endpoint's no-store, the form's cookies)", async () => {
    const token = await h.app.request('/oidc/token', {
      method: 'POST',
      headers: { host: PUBLIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=nope&client_id=pub-app',
    });
    expect(token.headers.get('cache-control')).toBe('no-store');
    expect(token.headers.get('content-type')).toMatch(/^application\/json/);
    const logout = await h.get('/oidc/session/end', PUBLIC);
    expect(logout.headers.get('content-type')).toMatch(/^text\/html/);
    expect(logout.headers.getSetCookie().length).toBeGreaterThan(0);
  });
});

// Issue 24.3: discovery listed a pushed-request endpoint that was 404, implicit and hybrid
// response types and offline_access while every client is code-only.
describe('discovery', () => {
  it('advertises exactly what works', async () => {
    const { meta } = await discovery(PUBLIC);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(meta.scopes_supported).toEqual(['openid', 'profile', 'email']);
    expect(meta).not.toHaveProperty('pushed_authorization_request_endpoint');
    expect([...(meta.token_endpoint_auth_methods_supported as string[])].sort()).toEqual([
      'client_secret_basic',
      'client_secret_post',
      'none',
    ]);
    expect(meta).not.toHaveProperty('token_endpoint_auth_signing_alg_values_supported');
  });

  it('names no endpoint that is not there', async () => {
    const { meta } = await discovery(PUBLIC);
    const endpoints = Object.entries(meta).filter(([k, v]) => (k.endsWith('_endpoint') || k === 'jwks_uri') && typeof v === 'string');
    expect(endpoints.length).toBeGreaterThanOrEqual(6);
    for (const [name, url] of endpoints) {
      const { pathname } = new URL(url as string);
      const get = await h.get(pathname, PUBLIC);
      const post = await h.app.request(pathname, {
        method: 'POST',
        headers: { host: PUBLIC, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      // Each endpoint answers one of the two methods (the token endpoint only POST, JWKS only GET).
      expect([get.status, post.status], name).not.toEqual([404, 404]);
    }
  });
});
