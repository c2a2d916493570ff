// POST /zapi/subscription/{id}/re-settlement over the real app: a member's held renewal retried
// after a decline (the date moves), and every refusal: a guest, bad input, another member's or
// another store's subscription, not on hold, the deadline passed. Also: the purchase's charge and
// the renewal's are earnings rows with the tax.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaymentMethods, contracts, earnings, mailOutbox } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';
import { createHarness } from '../app-harness.ts';
import { browser, type Harness, movableClock } from '../identity/support.ts';
import { CARD_DECLINE, CARD_OK, createFakeGateway } from '../purchase/fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard, SUMIRE, sumireDoc } from '../purchase/support.ts';

const fake = createFakeGateway();
const DAY = 86_400_000;
const clock = movableClock(new Date('2027-01-10T10:00:00+09:00'));
let h: Harness;

beforeAll(async () => {
  // Sessions outlive the month the test moves through.
  h = await createHarness({ SESSION_TTL_DAYS: '365' }, clock.now, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
  await h.apply(sumireDoc());
});
afterAll(() => h.close());

const setCard = (methodId: string, cardRef: string) =>
  inStore('kaede', () => h.database.db.update(accountPaymentMethods).set({ cardRef }).where(eq(accountPaymentMethods.id, methodId)));

async function subscribe() {
  const m = await memberWithCard(h, KAEDE, 'kaede');
  const { purchase } = await buy(m.b, 'monthly', { paymentMethodId: m.methodId, surveyAnswers: [{ questionId: 'why', value: 'x' }] });
  expect(purchase?.status).toBe(200);
  const [c] = await inStore('kaede', () => h.database.db.select().from(contracts).where(eq(contracts.accountId, m.accountId)));
  if (!c) throw new Error('no contract');
  return { ...m, contractId: c.id, contract: c };
}

describe('POST /zapi/subscription/{id}/re-settlement', () => {
  it('retries a held renewal: declined again, then paid; the payment date moves to the retry day', async () => {
    const m = await subscribe();
    expect(m.contract).toMatchObject({ status: 'NEW_CONTRACT', nextSettlementDay: '2027-02-10', anchorDay: 10, usableUntil: '2027-02-09' });
    const paid = await inStore('kaede', () => h.database.db.select().from(earnings).where(eq(earnings.accountId, m.accountId)));
    expect(paid).toMatchObject([{ billingAmount: 500, taxRate: 10, taxAmount: 45, netAmount: 455, contractId: m.contractId }]);
    expect(paid[0]?.idempotencyKey).toMatch(/^purchase-/);

    const path = `/zapi/subscription/${m.contractId}/re-settlement`;
    expect((await m.b.post(path, {})).status).toBe(409); // not on hold

    await setCard(m.methodId, CARD_DECLINE);
    clock.advance(31 * DAY); // 2027-02-10 10:00 JST
    expect(await h.services.billing.runBilling({ at: clock.now() })).toMatchObject({ failed: 1, held: 1 });

    const declined = await m.b.post(path, {});
    expect(declined.status).toBe(402);
    expect(declined.body.code).toBe('PAYMENT_DECLINED');

    await setCard(m.methodId, CARD_OK);
    clock.advance(2 * DAY); // 2027-02-12
    const ok = await m.b.post(path, {});
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ subscriptionId: m.contractId, subscriptionStatus: 'HOLD_RELEASED', nextSettlementDay: '2027-03-12' });
    const again = await m.b.post(path, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RE_SETTLEMENT_NOT_ALLOWED');

    const attempts = await acrossStores(() =>
      h.database.db.execute(sql`select kind, outcome from billing_attempts where contract_id = ${m.contractId}::uuid order by created_at`),
    );
    expect((attempts as unknown as { rows: unknown[] }).rows).toEqual([
      { kind: 'renewal', outcome: 'declined' },
      { kind: 'member_retry', outcome: 'declined' },
      { kind: 'member_retry', outcome: 'succeeded' },
    ]);
    const rows = await inStore('kaede', () => h.database.db.select().from(earnings).where(eq(earnings.accountId, m.accountId)));
    expect(rows.map((r) => r.billingAmount)).toEqual([500, 500]);

    // The mails: the notice of the failed renewal, the receipt of the retry; the member's language, the store's name.
    await h.drainMail();
    const sent = await inStore('kaede', () =>
      h.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.storeId, 'kaede'), eq(mailOutbox.to, m.email))),
    );
    const billingMails = sent.filter((x) => x.kind.startsWith('billing'));
    expect(billingMails.map((x) => x.kind).sort()).toEqual(['billingFailed', 'billingReceipt']);
    const receipt = billingMails.find((x) => x.kind === 'billingReceipt');
    expect(receipt?.subject).toContain('ご利用料金のお支払いが完了しました');
    expect(receipt?.text).toContain('500円');
    expect(receipt?.text).toContain('2027/03/12');
    expect(billingMails.find((x) => x.kind === 'billingFailed')?.text).toContain('2027/02/17までに');
  });

  it("a run at a later time (the billing command's --at) mails its receipt when it runs, not at that time", async () => {
    const m = await subscribe();
    const before = clock.now();
    // The run bills for a month ahead; the clock (the real time) stays where it is.
    const at = new Date(before.getTime() + 31 * DAY);
    expect((await h.services.billing.runBilling({ at })).renewed).toBeGreaterThanOrEqual(1);
    await h.drainMail();
    const sent = await inStore('kaede', () =>
      h.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.storeId, 'kaede'), eq(mailOutbox.to, m.email))),
    );
    expect(sent.filter((x) => x.kind === 'billingReceipt')).toHaveLength(1);
  });

  it('refuses a guest, bad ids, another member, another store, and a hold past its deadline', async () => {
    const m = await subscribe();
    await inStore('kaede', () =>
      h.database.db
        .update(contracts)
        .set({ status: 'HOLD', holdSince: '2027-02-01', nextSettlementDay: '2027-02-01' })
        .where(and(eq(contracts.storeId, 'kaede'), eq(contracts.id, m.contractId))),
    );
    const path = `/zapi/subscription/${m.contractId}/re-settlement`;
    expect((await browser(h, KAEDE).post(path, {})).status).toBe(401);
    expect((await m.b.post('/zapi/subscription/not-a-uuid/re-settlement', {})).status).toBe(404);
    expect((await m.b.post('/zapi/subscription/00000000-0000-4000-8000-000000000000/re-settlement', {})).status).toBe(404);
    // Another member's contract answers exactly as one that does not exist (no existence oracle).
    const unknown = await m.b.post('/zapi/subscription/00000000-0000-4000-8000-000000000001/re-settlement', {});
    const other = await memberWithCard(h, KAEDE, 'kaede');
    const notTheirs = await other.b.post(path, {});
    expect(notTheirs.status).toBe(404);
    expect({ ...notTheirs.body, requestId: null }).toEqual({ ...unknown.body, requestId: null });
    const sumire = await memberWithCard(h, SUMIRE, 'sumire');
    expect((await sumire.b.post(path, {})).status).toBe(404);
    // Held since Feb 1: the last retry day is Feb 8; the clock is past it.
    const late = await m.b.post(path, {});
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('RE_SETTLEMENT_NOT_ALLOWED');
  });
});

describe('re-settlement while the contract row is locked (PostgreSQL: concurrent row locks)', () => {
  /** A member whose renewal was declined by a run: on hold, retriable today; the card pays again. */
  async function held() {
    const m = await subscribe();
    await setCard(m.methodId, CARD_DECLINE);
    clock.advance(31 * DAY);
    await h.services.billing.runBilling({ at: clock.now() });
    const [c] = await inStore('kaede', () => h.database.db.select().from(contracts).where(eq(contracts.id, m.contractId)));
    expect(c?.status).toBe('HOLD');
    await setCard(m.methodId, CARD_OK);
    return { ...m, path: `/zapi/subscription/${m.contractId}/re-settlement` };
  }
  const retries = async (contractId: string) =>
    (
      (await acrossStores(() =>
        h.database.db.execute(sql`select outcome from billing_attempts where contract_id = ${contractId}::uuid and kind = 'member_retry'`),
      )) as unknown as { rows: unknown[] }
    ).rows;

  it('ten clicks at once: one is charged, the others answer RE_SETTLEMENT_NOT_ALLOWED (never a 500)', async () => {
    const m = await held();
    const answers = await Promise.all(Array.from({ length: 10 }, () => m.b.post(m.path, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('RE_SETTLEMENT_NOT_ALLOWED');
    expect(await retries(m.contractId)).toEqual([{ outcome: 'succeeded' }]);
  });

  it('a billing batch holding the row: RE_SETTLEMENT_NOT_ALLOWED, nothing charged; another member gets 404 without waiting', async () => {
    const m = await held();
    const other = await memberWithCard(h, KAEDE, 'kaede');
    let release = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    let lockTaken = () => {};
    const taken = new Promise<void>((r) => {
      lockTaken = r;
    });
    // On PGlite (one session) this transaction holds the database itself, so only PostgreSQL runs it.
    if (!process.env.DATABASE_URL) return;
    const holder = inStore('kaede', () =>
      h.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from contracts where id = ${m.contractId}::uuid for update`);
        lockTaken();
        await released;
      }),
    );
    await taken;
    try {
      const busy = await m.b.post(m.path, {});
      expect(busy.status).toBe(409);
      expect(busy.body.code).toBe('RE_SETTLEMENT_NOT_ALLOWED');
      const notTheirs = await other.b.post(m.path, {});
      expect(notTheirs.status).toBe(404);
    } finally {
      release();
      await holder;
    }
    expect(await retries(m.contractId)).toEqual([]);
    expect((await m.b.post(m.path, {})).status).toBe(200);
  });
});
