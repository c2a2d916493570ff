// Issue 11, "Done when": a third-party app signs a member of any demo store in through the store.
// Every client of each shipped document (tenants/*.json) runs code + PKCE with a real relying
// party on the store's own host, with its development secret when it is confidential, and gets an
// ID token issued by that store for that member.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSettings } from '#config-schema/store-settings.ts';
import { DEMO_CLIENT_SECRETS } from '#server/base/config.ts';
import { accountProfileImages, accounts } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import { seedMember, uniqueEmail } from '../identity/support.ts';
import { codeFlow, type Harness, PROVIDER_ENV, relyingParty } from './support.ts';

const DEMO = ['aozora', 'kurenai', 'midori'] as const;
const LOOPBACK = 'http://127.0.0.1:8400/callback';
const docs = DEMO.map((id) => JSON.parse(readFileSync(`tenants/${id}.json`, 'utf8')) as unknown);
const cases = docs.flatMap((raw) => {
  const store = storeSettings.parse(raw);
  return store.oidc.clients.map((c) => ({
    storeId: store.storeId,
    host: store.hosts[0] as string,
    clientId: c.clientId,
    secret: c.clientSecretEnv ? DEMO_CLIENT_SECRETS[c.clientSecretEnv] : undefined,
    redirectUris: c.redirectUris,
  }));
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness(PROVIDER_ENV);
  for (const raw of docs) await h.apply(raw);
});
afterAll(() => h.close());

describe('the demo stores as OpenID providers', () => {
  it('every demo store offers at least one client', () => {
    for (const id of DEMO) expect(cases.filter((c) => c.storeId === id).length).toBeGreaterThan(0);
  });

  // Issue 24.1: under aozora's "ニックネームとプロフィール画像" an app got the legal name and the
  // birthday. Each store's profile scope releases exactly the claims its consent label names.
  it.each([
    ['aozora', ['nickname', 'picture']],
    ['kurenai', ['nickname']],
    ['midori', ['family_name', 'given_name', 'name', 'nickname']],
  ] as const)('%s: the profile scope releases exactly %j', async (storeId, expected) => {
    const c = cases.find((x) => x.storeId === storeId && !x.secret) ?? cases.find((x) => x.storeId === storeId);
    if (!c) throw new Error(`no client of ${storeId}`);
    const member = await seedMember(h, storeId, { email: uniqueEmail(`claims-${storeId}`) });
    await h.database.admin
      .update(accounts)
      .set({ profile: { familyName: '山田', givenName: '次郎', nickname: 'jiro', birthday: '19910202' } })
      .where(eq(accounts.id, member.id));
    await h.database.admin.insert(accountProfileImages).values({
      storeId,
      accountId: member.id,
      imageKey: `k${member.id.slice(0, 8)}`,
      contentType: 'image/png',
      data: 'iVBORw0KGgo=',
    });
    const rp = await relyingParty(h, c.host, c.clientId, c.secret);
    const { callback, checks } = await codeFlow(h, rp, c.host, member.id, { scope: 'openid profile', redirectUri: LOOPBACK });
    const tokens = await client.authorizationCodeGrant(rp, callback, checks);
    const info = await client.fetchUserInfo(rp, tokens.access_token, member.id);
    expect(
      Object.keys(info)
        .filter((k) => k !== 'sub')
        .sort(),
    ).toEqual([...expected]);
    expect(Object.keys(tokens.claims() ?? {})).not.toContain('birthdate');
  });

  it.each(cases)('$storeId: $clientId signs a member in on the loopback callback', async (c) => {
    expect(c.redirectUris).toContain(LOOPBACK);
    const member = await seedMember(h, c.storeId, { email: uniqueEmail(`demo-${c.storeId}`) });
    const rp = await relyingParty(h, c.host, c.clientId, c.secret);
    const { callback, checks } = await codeFlow(h, rp, c.host, member.id, { scope: 'openid', redirectUri: LOOPBACK });
    const tokens = await client.authorizationCodeGrant(rp, callback, checks);
    expect(tokens.claims()).toMatchObject({ iss: `http://${c.host}`, aud: c.clientId, sub: member.id });
  });
});
