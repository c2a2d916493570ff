import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningKey } from '#server/platform/stores/signing-keys.ts';
import { createHarness } from '../app-harness.ts';
import { CONFORMANCE_ENV, type ConformanceRp, conformanceRp, conformanceStore } from './conformance-support.ts';
import type { Harness } from './support.ts';

// The OpenID Foundation's Config OP plan (oidcc-config-certification-test-plan: discovery and
// keys) and the key rotation module, on two stores; each test is named after the suite's test id.
// Table: docs/decisions/0037-openid-conformance.md.

const KAZE = 'kaze.test.localhost';
const TSUKI = 'tsuki.test.localhost';
/** A store on a public host only: a host that is not local is served over https, as in production. */
const UMI = 'umi.example.jp';
let h: Harness;
let kaze: ConformanceRp;
let tsuki: ConformanceRp;
let umi: ConformanceRp;

beforeAll(async () => {
  h = await createHarness(CONFORMANCE_ENV);
  await h.apply(conformanceStore('kaze'));
  await h.apply(conformanceStore('tsuki'));
  await h.apply(conformanceStore('umi', { hosts: [UMI] }));
  kaze = conformanceRp(h, KAZE, 'kaze');
  tsuki = conformanceRp(h, TSUKI, 'tsuki');
  umi = conformanceRp(h, UMI, 'umi');
});
afterAll(() => h.close());

/** The JWKS checks of the suite (ValidateServerJWKs, CheckForKeyIdInServerJWKs, no private or symmetric keys). */
function expectValidJwks(jwks: { keys: Record<string, string>[] }) {
  expect(jwks.keys.length).toBeGreaterThan(0);
  const kids = jwks.keys.map((k) => k.kid);
  expect(new Set(kids).size).toBe(kids.length);
  for (const key of jwks.keys) {
    expect(key.kty).toBe('RSA');
    expect(key.kid).toBeTruthy();
    expect(key.n).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(key.e).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(key).not.toHaveProperty(secret);
    if (key.use) expect(key.use).toBe('sig');
  }
}

describe('oidcc-config-certification-test-plan', () => {
  for (const [name, rp, scheme] of [
    ['a store on a local host (http)', () => kaze, 'http'],
    ['a second store', () => tsuki, 'http'],
    ['a store on a public host (https)', () => umi, 'https'],
  ] as const) {
    it(`oidcc-discovery-endpoint-verification: ${name}`, async () => {
      const res = await h.get('/.well-known/openid-configuration', new URL(rp().origin).host);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const meta = (await res.json()) as Record<string, unknown>;
      const origin = rp().origin;
      expect(new URL(origin).protocol).toBe(`${scheme}:`);
      // The issuer is the origin the discovery document was read from (CheckDiscEndpointIssuer).
      expect(meta.issuer).toBe(origin);
      expect(new URL(meta.issuer as string).search).toBe('');
      for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri']) {
        expect(new URL(meta[endpoint] as string).origin).toBe(origin);
      }
      expect(meta.response_types_supported).toContain('code');
      expect(meta.subject_types_supported).toContain('public');
      expect(meta.id_token_signing_alg_values_supported).toContain('RS256');
      expect(meta.scopes_supported).toContain('openid');
      for (const scope of meta.scopes_supported as string[]) expect(scope).toMatch(/^[\x21\x23-\x5b\x5d-\x7e]+$/);
      if (meta.grant_types_supported) expect(meta.grant_types_supported).toContain('authorization_code');
      expect(Array.isArray(meta.code_challenge_methods_supported)).toBe(true);
      expect(meta.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'name', 'birthdate', 'locale']));
      // No registration endpoint: the stores' clients are in their settings (static clients).
      expect(meta).not.toHaveProperty('registration_endpoint');
      // CheckDiscEndpointAllEndpointsAreHttps: every endpoint on an https issuer is https.
      if (scheme === 'https') {
        for (const [key, value] of Object.entries(meta)) {
          if (key.endsWith('_endpoint') || key === 'jwks_uri') expect(value).toMatch(/^https:\/\//);
        }
      }
      // The keys at jwks_uri.
      const jwksRes = await h.get(new URL(meta.jwks_uri as string).pathname, new URL(rp().origin).host);
      expect(jwksRes.status).toBe(200);
      expectValidJwks((await jwksRes.json()) as { keys: Record<string, string>[] });
    });
  }

  it("oidcc-discovery-endpoint-verification: each store publishes its own keys, never another store's", async () => {
    const a = (await kaze.jwks()).keys.map((k) => k.n);
    const b = (await tsuki.jwks()).keys.map((k) => k.n);
    expect(a.some((n) => b.includes(n))).toBe(false);
  });
});

describe('oidcc-dynamic-certification-test-plan (the module that applies to static clients)', () => {
  it('oidcc-server-rotate-keys: after a rotation the JWKS has a new signing key and still the old one', async () => {
    const before = await tsuki.jwks();
    expectValidJwks(before);
    const kid = await rotateSigningKey(h.database.admin, 'tsuki');
    h.storeCache.invalidate('tsuki');
    const after = await tsuki.jwks();
    expectValidJwks(after);
    // VerifyNewJwksHasNewSigningKey, VerifyNewJwksStillHasOldSigningKey
    expect(after.keys.map((k) => k.kid)).toContain(kid);
    expect(before.keys.map((k) => k.kid)).not.toContain(kid);
    for (const old of before.keys) expect(after.keys.map((k) => k.kid)).toContain(old.kid);
    // The other store's keys did not change.
    expect((await kaze.jwks()).keys.length).toBe(1);
  });
});
