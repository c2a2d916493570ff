import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, orders, planSales } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import { countRows, type Harness } from '../identity/support.ts';
import { createFakeGateway } from './fake-gateway.ts';
import { KAEDE, kaedeDoc, memberWithCard } from './support.ts';

// Issue 9: "50 parallel purchases of the last 3 items sell exactly 3" (decision 0017: a conditional
// update of plan_sales in the purchase transaction). Runs on PGlite, and on PostgreSQL with
// DATABASE_URL, where the 50 transactions really overlap.

const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

describe('sales limit under concurrency', () => {
  it('50 members buying the last 3 units at once: exactly 3 orders, 3 charges, the count at the limit', async () => {
    const members = [];
    for (let i = 0; i < 50; i++) members.push(await memberWithCard(h, KAEDE, 'kaede'));
    const tokens: string[] = [];
    for (const m of members) {
      const v = await m.b.post('/zapi/purchase/verify/last3', { paymentMethodId: m.methodId });
      expect(v.status).toBe(200);
      tokens.push(v.body.purchaseToken);
    }
    const captures = fake.state.captures.length;
    const answers = await Promise.all(members.map((m, i) => m.b.post('/zapi/purchase/last3', { purchaseToken: tokens[i] })));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(3);
    expect([...new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.code}`))]).toEqual([
      '409 PLAN_NOT_PURCHASABLE',
    ]);
    expect(fake.state.captures.length - captures).toBe(3);
    expect(await countRows(h, orders, and(eq(orders.planId, 'last3'), eq(orders.status, 'completed')))).toBe(3);
    expect(await countRows(h, entitlements, eq(entitlements.planId, 'last3'))).toBe(3);
    const [row] = await h.database.admin
      .select()
      .from(planSales)
      .where(and(eq(planSales.storeId, 'kaede'), eq(planSales.planId, 'last3')));
    expect(row?.salesCount).toBe(3);
  });

  it('one member double-clicking five times charges once', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const v = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    const captures = fake.state.captures.length;
    fake.state.delayMs = 10;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => m.b.post('/zapi/purchase/rental', { purchaseToken: v.body.purchaseToken })),
    );
    fake.state.delayMs = 0;
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.body.code === 'INVALID_SESSION_FLOW')).toBe(true);
    expect(fake.state.captures.length - captures).toBe(1);
    expect(await countRows(h, entitlements, eq(entitlements.accountId, m.accountId))).toBe(1);
  });
});
