import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from '../app-harness.ts';
import { seedMember } from '../identity/support.ts';
import { APP_CALLBACK, codeFlow, type Harness, PROVIDER_ENV, providerStore, relyingParty } from './support.ts';

// Issue 19, defect 10(b): an authorization code redeemed more than once revokes the tokens of its
// grant (RFC 6749 section 4.1.2), also when the redemptions race: the winner's tokens stop
// working, on PGlite and on PostgreSQL (DATABASE_URL=postgres://... runs this file there).

const SORA = 'sora.test.localhost';
let h: Harness;
let member: { id: string };

beforeAll(async () => {
  h = await createHarness(PROVIDER_ENV);
  await h.apply(providerStore('sora'));
  member = await seedMember(h, 'sora', { email: 'replay@example.jp' });
});
afterAll(() => h.close());

const redeem = (code: string, verifier: string) =>
  h.app.request('/oidc/token', {
    method: 'POST',
    headers: { host: SORA, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_CALLBACK,
      client_id: 'sora-app',
      code_verifier: verifier,
    }).toString(),
  });

const userinfo = (accessToken: string) => h.app.request('/oidc/me', { headers: { host: SORA, authorization: `Bearer ${accessToken}` } });

const refresh = (refreshToken: string) =>
  h.app.request('/oidc/token', {
    method: 'POST',
    headers: { host: SORA, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'sora-app' }).toString(),
  });

async function freshCode() {
  const rp = await relyingParty(h, SORA, 'sora-app');
  const { callback, checks } = await codeFlow(h, rp, SORA, member.id, { scope: 'openid profile' });
  return { code: callback.searchParams.get('code') ?? '', verifier: checks.pkceCodeVerifier };
}

describe('a code redeemed twice', () => {
  it('revokes the first redemption’s tokens when redeemed again later', async () => {
    const { code, verifier } = await freshCode();
    const first = await redeem(code, verifier);
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { access_token: string; refresh_token: string };
    expect((await userinfo(tokens.access_token)).status).toBe(200);
    expect((await redeem(code, verifier)).status).toBe(400);
    expect((await userinfo(tokens.access_token)).status).toBe(401);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });

  it('revokes the winner’s tokens when 10 redemptions race', async () => {
    for (let round = 0; round < 3; round++) {
      const { code, verifier } = await freshCode();
      const answers = await Promise.all(Array.from({ length: 10 }, () => redeem(code, verifier)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 400).length, `round ${round}: ${statuses}`).toBeGreaterThanOrEqual(9);
      const winner = answers.find((r) => r.status === 200);
      if (!winner) continue;
      const tokens = (await winner.json()) as { access_token: string; refresh_token: string };
      expect((await userinfo(tokens.access_token)).status, `round ${round}`).toBe(401);
      expect((await refresh(tokens.refresh_token)).status, `round ${round}`).toBe(400);
    }
  });
});
