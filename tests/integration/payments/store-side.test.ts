import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../payment-sandbox/cards.ts';
import { browserToken, cardNumberPattern, cardNumberTraces } from '../../helpers/payment-sandbox.ts';
import { createHarness } from '../app-harness.ts';
import { MIDORI, midoriDoc } from '../identity/support.ts';

// The store's side of payments: the pages allow the provider's origin, and no card number ever
// reaches the store's server, its database or its logs (issue 9).

let h: Awaited<ReturnType<typeof createHarness>>;
let storeId: string;

beforeAll(async () => {
  h = await createHarness();
  storeId = (await h.apply(midoriDoc())).settings.storeId;
});
afterAll(async () => {
  await h.close();
});

describe('the store side of payments', () => {
  it("lets the store's pages load the provider's script, call it and post forms to it", async () => {
    const origin = h.services.gateway.browserConfig(storeId).origin;
    expect(origin).toBe(h.payments?.origin);
    const csp = (await h.get('/zapi/internal/root/screen-data', MIDORI)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain(origin);
    expect(directive('connect-src')).toContain(origin);
    expect(directive('form-action')).toContain(origin);
    expect(directive('frame-src')).toContain(origin);
    // An unknown host (no store) gets the plain policy.
    expect((await h.get('/', 'nobody.localhost')).headers.get('content-security-policy') ?? '').not.toContain(origin);
  });

  it('finds no card number in the logs or the database after cards went through the store', async () => {
    const gateway = h.services.gateway;
    const numbers = TEST_CARDS.map((c) => c.number);
    let registered = 0;
    for (const card of TEST_CARDS) {
      // The browser sends the card to the provider; the store's server gets tokens only.
      const tok = await browserToken(gateway, storeId, { cardNumber: card.number.replace(/(\d{4})/g, '$1 ').trim() });
      if (!tok.ok) continue;
      const r = await gateway.registerCard({
        storeId,
        customerRef: 'member-1',
        token: tok.token,
        tokenKey: tok.tokenKey,
        idempotencyKey: `reg-${card.number}`,
      });
      if (!r.ok) continue;
      registered++;
      expect(JSON.stringify(r.value)).not.toMatch(cardNumberPattern(card.number));
      await gateway.authorize({
        storeId,
        customerRef: 'member-1',
        source: { kind: 'card', cardRef: r.value.cardRef },
        amount: 1000,
        orderRef: 'o',
        description: 'plan',
        idempotencyKey: `auth-${card.number}`,
        returnUrl: `http://${MIDORI}/return`,
      });
    }
    expect(registered).toBeGreaterThanOrEqual(TEST_CARDS.length - 2); // all but the expired and the token-error cards
    // Store traffic around it, so the log is not empty.
    await h.get('/zapi/internal/root/screen-data', MIDORI);
    expect(h.logLines.length).toBeGreaterThan(0);

    expect(await cardNumberTraces(h, numbers)).toEqual([]);
    // The search finds a number however it is grouped.
    expect(await cardNumberTraces({ logLines: ['card 4111-1111 1111-1111 seen'], database: h.database }, numbers)).toHaveLength(1);
    // The witness: the numbers are where they belong, with the provider, so the search would find them.
    const providerState = readFileSync(join(h.payments?.dataDir ?? '', 'state.jsonl'), 'utf8');
    expect(providerState).toMatch(cardNumberPattern('4111111111111111'));
  });
});
