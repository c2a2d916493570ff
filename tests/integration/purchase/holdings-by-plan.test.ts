import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inStore } from '#server/db/scope.ts';
import { createPurchaseRepo } from '#server/features/purchase/repo.ts';
import { createSubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import { createHarness } from '../app-harness.ts';
import type { Harness } from '../identity/support.ts';
import { createFakeGateway } from './fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './support.ts';

// The plan list reads what a member holds of every plan in one statement (decision 0044): it
// gives the same counts as the per-plan reads the purchase itself checks.

const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

describe('holdingsByPlan', () => {
  it('equals holdings for each plan, for a member with a contract and for one with nothing', async () => {
    const repo = createPurchaseRepo(h.database.db, createSubscriptionWriter(h.database.db));
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const none = await memberWithCard(h, KAEDE, 'kaede');
    const { purchase } = await buy(m.b, 'trial', { paymentMethodId: m.methodId });
    expect(purchase?.status).toBe(200);
    const now = new Date();
    const planIds = (kaedeDoc().plans ?? []).map((p) => p.planId);
    expect(planIds.length).toBeGreaterThan(1);
    for (const member of [m, none]) {
      const all = await inStore('kaede', () => repo.holdingsByPlan(member.accountId, now));
      for (const planId of planIds) {
        const one = await inStore('kaede', () => repo.holdings(member.accountId, planId, now));
        const zero = { activeContracts: 0, everContracted: false, completedPurchases: 0, liveRentals: 0 };
        expect(all.get(planId) ?? zero, `${planId}`).toEqual(one);
      }
    }
    expect(await inStore('kaede', () => repo.holdingsByPlan(m.accountId, now))).toEqual(
      new Map([['trial', { activeContracts: 1, everContracted: true, completedPurchases: 1, liveRentals: 0 }]]),
    );
  });
});
