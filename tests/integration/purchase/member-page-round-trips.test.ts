import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counts } from '../../bench/db-count.ts';
import { createHarness } from '../app-harness.ts';
import type { Harness } from '../identity/support.ts';
import { createFakeGateway } from './fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './support.ts';

// Issue 22, goal 2: a member's page reads its data in at most 4 round trips to the database
// (decision 0044), counted through the drivers as the bench counts them (tests/bench/db-count.ts).

const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

describe("a member's pages", () => {
  it.each(['/mypage', '/mypage/plans', '/mypage/payment-history', '/plans/monthly'])('%s: at most 4 round trips', async (page) => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    expect((await buy(m.b, 'trial', { paymentMethodId: m.methodId })).purchase?.status).toBe(200);
    await m.b.screen(page);
    // The purchase's order mail (decision 0045) is delivered after the answer: not this page's work.
    await h.drainMail();
    const before = counts.roundTrips;
    const res = await m.b.screen(page);
    const roundTrips = counts.roundTrips - before;
    expect(res.status).toBe(200);
    expect(roundTrips).toBeGreaterThan(0);
    expect(roundTrips).toBeLessThanOrEqual(4);
  });
});
