// Issue 9 and decision 0017: an order left open (a 3-D Secure challenge never finished, a provider
// that never answered, a capture whose answer was lost) does not keep its unit of stock forever.
// Housekeeping settles it once its token and the provider's step are long dead: it fails it and
// gives the unit back, or, when the provider authorised it, captures once and completes it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entitlements, orders, planSales } from '#server/db/schema.ts';
import { STALE_ORDER_AFTER_MS } from '#server/features/purchase/service.ts';
import { createHarness } from '../app-harness.ts';
import { type Harness, MINUTE, movableClock } from '../identity/support.ts';
import { CARD_3DS, createFakeGateway } from './fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './support.ts';

const clock = movableClock();
const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, clock.now, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());
beforeEach(() => {
  fake.state.down = false;
  fake.state.captureDown = false;
});

const sold = async () =>
  (
    await h.database.admin
      .select()
      .from(planSales)
      .where(and(eq(planSales.storeId, 'kaede'), eq(planSales.planId, 'last3')))
  )[0]?.salesCount ?? 0;
const orderOf = async (accountId: string) => (await h.database.admin.select().from(orders).where(eq(orders.accountId, accountId)))[0];
const housekeeping = () => h.services.housekeeping.purgeExpired(clock.now());

describe('open orders past their life', () => {
  it('a challenge never finished and a provider that never answered: failed after 45 minutes, the stock given back', async () => {
    expect(STALE_ORDER_AFTER_MS).toBe(45 * MINUTE);
    const before = await sold();
    const challenged = await memberWithCard(h, KAEDE, 'kaede', CARD_3DS);
    const challenge = await buy(challenged.b, 'last3', { paymentMethodId: challenged.methodId });
    expect(challenge.purchase?.body.providerRedirect.url).toBe('http://pay.test/3ds');
    fake.state.down = true;
    const unanswered = await memberWithCard(h, KAEDE, 'kaede');
    expect((await buy(unanswered.b, 'last3', { paymentMethodId: unanswered.methodId })).purchase?.status).toBe(503);
    fake.state.down = false;
    expect(await sold()).toBe(before + 2);

    // Not yet: a viewer may still come back from the provider's page.
    clock.advance(44 * MINUTE);
    expect((await housekeeping()).staleOrders).toEqual({ completed: 0, failed: 0 });
    expect((await orderOf(challenged.accountId))?.status).toBe('challenge');

    clock.advance(2 * MINUTE);
    expect((await housekeeping()).staleOrders).toEqual({ completed: 0, failed: 2 });
    expect(await orderOf(challenged.accountId)).toMatchObject({ status: 'failed', failureCode: 'expired:stale' });
    expect((await orderOf(unanswered.accountId))?.status).toBe('failed');
    expect(await sold()).toBe(before);

    // The challenge answered after all: refused, nothing captured.
    const captures = fake.state.captures.length;
    const ref = challenge.purchase?.body.providerRedirect.params.ref as string;
    const back = await challenged.b.get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`);
    expect(back.status).not.toBe(302);
    expect(fake.state.captures.length).toBe(captures);
    // A second round finds nothing left to do.
    expect((await housekeeping()).staleOrders).toEqual({ completed: 0, failed: 0 });
  });

  it('authorised but the capture answer lost: captured once with the same key and completed, the stock kept', async () => {
    const before = await sold();
    fake.state.captureDown = true;
    const m = await memberWithCard(h, KAEDE, 'kaede');
    expect((await buy(m.b, 'last3', { paymentMethodId: m.methodId })).purchase?.status).toBe(503);
    expect(await orderOf(m.accountId)).toMatchObject({ status: 'pending', authorizationRef: expect.any(String) });

    clock.advance(46 * MINUTE);
    // The provider still not answering: the order waits for the next round.
    expect((await housekeeping()).staleOrders).toEqual({ completed: 0, failed: 0 });
    fake.state.captureDown = false;
    const captures = fake.state.captures.length;
    expect((await housekeeping()).staleOrders).toEqual({ completed: 1, failed: 0 });
    expect(fake.state.captures.length).toBe(captures + 1);
    expect((await orderOf(m.accountId))?.status).toBe('completed');
    expect(await h.database.admin.select().from(entitlements).where(eq(entitlements.accountId, m.accountId))).toHaveLength(1);
    expect(await sold()).toBe(before + 1);
  });
});
