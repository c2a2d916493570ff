// Refunds of a payment through the gateway (issue 23 point 7, decision 0052), by the service the
// support command calls (`services.refunds.refund`), over the real app's database and mail queue:
// full, partial, several partial ones, refused amounts, retries that never refund twice, the refund
// in the member's payment history, invoice and mail, the earnings, and another store's payment.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors.ts';
import { accounts, earnings, mailOutbox, refunds } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { jobScope, type Scope } from '#server/platform/tenancy/scope.ts';
import { createHarness } from '../app-harness.ts';
import { type Harness, movableClock } from '../identity/support.ts';
import { createFakeGateway } from '../purchase/fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard, SUMIRE, sumireDoc } from '../purchase/support.ts';

const fake = createFakeGateway();
const clock = movableClock(new Date('2027-01-10T10:00:00+09:00'));
let h: Harness;
let kaede: Scope;
let sumire: Scope;

beforeAll(async () => {
  h = await createHarness({}, clock.now, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
  await h.apply(sumireDoc());
  const scopeOf = async (storeId: string, host: string) => {
    const store = await h.services.storeCache.get(storeId);
    if (!store) throw new Error(`no store ${storeId}`);
    return jobScope(store, { origin: `http://${host}`, lang: 'ja', label: 'test:refund' });
  };
  kaede = await scopeOf('kaede', KAEDE);
  sumire = await scopeOf('sumire', SUMIRE);
});
afterAll(() => h.close());

/** A member who bought the ¥2,000 purchase (its automatic campaign price): the payment's earnings row. */
async function paidMember() {
  const m = await memberWithCard(h, KAEDE, 'kaede');
  const { purchase } = await buy(m.b, 'buy', { paymentMethodId: m.methodId });
  expect(purchase?.status).toBe(200);
  const [paid] = await inStore('kaede', () => h.database.db.select().from(earnings).where(eq(earnings.accountId, m.accountId)));
  if (!paid) throw new Error('no earnings row');
  expect(paid).toMatchObject({ billingAmount: 2000, taxAmount: 181, netAmount: 1819 });
  return { ...m, paymentId: paid.id, chargeRef: paid.chargeRef as string };
}

const rowsOf = (accountId: string) =>
  inStore('kaede', () =>
    h.database.db
      .select()
      .from(earnings)
      .where(eq(earnings.accountId, accountId))
      .orderBy(earnings.createdAt, desc(earnings.billingAmount)),
  );
const gatewayRefunds = (chargeRef: string) => fake.state.refunds.filter((r) => r.chargeRef === chargeRef);

/** The error code a refund call throws. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  throw new Error('the refund was not refused');
}

describe('services.refunds.refund', () => {
  it('refunds a payment in full: the gateway once, a negative earnings row, a second full refund refused', async () => {
    const m = await paidMember();
    const done = await h.services.refunds.refund(kaede, { paymentId: m.paymentId, reason: '二重購入', actor: 'support@kaede' });
    expect(done).toEqual({ refundId: expect.any(String), paymentId: m.paymentId, amountYen: 2000, remainingYen: 0 });
    expect(gatewayRefunds(m.chargeRef).map((r) => r.amount)).toEqual([2000]);
    const rows = await rowsOf(m.accountId);
    expect(rows.map((r) => [r.billingAmount, r.taxAmount, r.netAmount])).toEqual([
      [2000, 181, 1819],
      [-2000, -181, -1819],
    ]);
    // Earnings adjusted: the member's payments add up to nothing.
    expect(rows.reduce((n, r) => n + r.billingAmount, 0)).toBe(0);
    expect(await refusal(h.services.refunds.refund(kaede, { paymentId: m.paymentId, reason: 'もう一度', actor: 'support@kaede' }))).toBe(
      'REFUND_NOT_ALLOWED',
    );
    expect(await refusal(h.services.refunds.refund(kaede, { paymentId: m.paymentId, amountYen: 1, reason: 'x', actor: 'a' }))).toBe(
      'REFUND_NOT_ALLOWED',
    );
    // The refund's own row is not a payment to refund.
    const negative = rows.find((r) => r.billingAmount < 0);
    expect(await refusal(h.services.refunds.refund(kaede, { paymentId: negative?.id ?? '', reason: 'x', actor: 'a' }))).toBe(
      'REFUND_NOT_ALLOWED',
    );
    expect(gatewayRefunds(m.chargeRef)).toHaveLength(1);
  });

  it('refunds in parts up to the amount paid; an amount over the rest, 0 or negative is refused and changes nothing', async () => {
    const m = await paidMember();
    const refund = (amountYen: number | undefined, reason: string) =>
      h.services.refunds.refund(kaede, { paymentId: m.paymentId, amountYen, reason, actor: 'support@kaede' });
    expect(await refund(500, '一部返金')).toMatchObject({ amountYen: 500, remainingYen: 1500 });
    expect(await refund(700, '追加の返金')).toMatchObject({ amountYen: 700, remainingYen: 800 });
    for (const amount of [801, 0, -5, 1.5]) expect(await refusal(refund(amount, '多すぎ'))).toBe('REFUND_AMOUNT_INVALID');
    expect(gatewayRefunds(m.chargeRef).map((r) => r.amount)).toEqual([500, 700]);
    // Without an amount: the rest.
    expect(await refund(undefined, '残り全額')).toMatchObject({ amountYen: 800, remainingYen: 0 });
    expect(await refusal(refund(1, '返金済み'))).toBe('REFUND_NOT_ALLOWED');
    const rows = await rowsOf(m.accountId);
    const negatives = rows.filter((r) => r.billingAmount < 0);
    expect(negatives.map((r) => -r.billingAmount).sort((a, b) => a - b)).toEqual([500, 700, 800]);
    // The refunds' taxes add up to the payment's tax exactly.
    expect(negatives.reduce((n, r) => n - r.taxAmount, 0)).toBe(181);
    const stored = await inStore('kaede', () => h.database.db.select().from(refunds).where(eq(refunds.earningsId, m.paymentId)));
    expect(stored.map((r) => [r.status, r.reason, r.actor])).toContainEqual(['done', '一部返金', 'support@kaede']);
    expect(stored.every((r) => r.status === 'done' && r.refundRef && r.refundEarningsId)).toBe(true);
  });

  it('a retried call never refunds twice: a lost gateway answer, a provider down, a lost answer to the caller', async () => {
    const m = await paidMember();
    const call = (amountYen: number) =>
      h.services.refunds.refund(kaede, { paymentId: m.paymentId, amountYen, reason: '返品', actor: 'op' });

    // The provider refunds but its answer is lost: the refund stays pending, then the retry records it.
    fake.state.refundAnswerLost = true;
    expect(await refusal(call(300))).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(gatewayRefunds(m.chargeRef)).toHaveLength(1);
    const [pending] = await inStore('kaede', () => h.database.db.select().from(refunds).where(eq(refunds.earningsId, m.paymentId)));
    expect(pending?.status).toBe('pending');
    // While it is pending it counts against the rest: nothing can be refunded past the payment.
    expect((await rowsOf(m.accountId)).filter((r) => r.billingAmount < 0)).toHaveLength(0);
    fake.state.refundAnswerLost = false;
    const retried = await call(300);
    expect(retried).toEqual({ refundId: pending?.id, paymentId: m.paymentId, amountYen: 300, remainingYen: 1700 });
    expect(gatewayRefunds(m.chargeRef)).toHaveLength(1);

    // The same call again (the caller lost our answer): the same refund answered, none made.
    expect(await call(300)).toEqual(retried);
    expect(gatewayRefunds(m.chargeRef)).toHaveLength(1);

    // The provider down: nothing refunded; the same call later refunds once.
    fake.state.down = true;
    expect(await refusal(call(200))).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    fake.state.down = false;
    expect(await call(200)).toMatchObject({ amountYen: 200, remainingYen: 1500 });
    expect(gatewayRefunds(m.chargeRef).map((r) => r.amount)).toEqual([300, 200]);
    expect((await rowsOf(m.accountId)).filter((r) => r.billingAmount < 0).map((r) => r.billingAmount)).toEqual([-300, -200]);
  });

  it("shows the refund in the member's payment history and invoice, and mails the member in their language", async () => {
    const m = await paidMember();
    const partial = await h.services.refunds.refund(kaede, { paymentId: m.paymentId, amountYen: 500, reason: '一部', actor: 'op' });
    const history = await m.b.get('/zapi/account/payment-history/1');
    expect(history.body.totalCount).toBe(2);
    const line = history.body.data.find((e: { billingAmount: number }) => e.billingAmount < 0);
    expect(line).toMatchObject({ billingAmount: -500, taxAmount: -45, netBillingAmount: -455, planName: '購入' });

    const invoice = await m.b.screen(`/mypage/invoice/${m.paymentId}`);
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ billingAmount: 2000, refunds: [{ billingAmount: 500, taxAmount: 45 }] });
    const refundInvoice = await m.b.screen(`/mypage/invoice/${line.earningsId}`);
    expect(refundInvoice.body).toMatchObject({ billingAmount: -500, taxAmount: -45, refunds: [] });

    await h.drainMail();
    const mails = await inStore('kaede', () =>
      h.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, m.email), eq(mailOutbox.kind, 'refundCompleted'))),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('ご返金のお知らせ');
    expect(mails[0]?.text).toContain('500円');
    expect(mails[0]?.text).toContain('1,500円');

    // A member who reads English gets it in English.
    await inStore('kaede', () => h.database.db.update(accounts).set({ language: 'en' }).where(eq(accounts.id, m.accountId)));
    await h.services.refunds.refund(kaede, { paymentId: m.paymentId, reason: 'the rest', actor: 'op' });
    await h.drainMail();
    const all = await inStore('kaede', () =>
      h.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, m.email), eq(mailOutbox.kind, 'refundCompleted'))),
    );
    const english = all.find((x) => x.id !== mails[0]?.id);
    expect(english?.subject).toContain('Your refund');
    expect(english?.text).toContain('¥1,500');
    expect(partial.remainingYen).toBe(1500);
  });

  it("refuses another store's payment, an unknown one and a bad id, and changes nothing", async () => {
    const m = await paidMember();
    const input = { paymentId: m.paymentId, reason: '別店舗', actor: 'op' };
    expect(await refusal(h.services.refunds.refund(sumire, input))).toBe('REFUND_NOT_ALLOWED');
    expect(await refusal(h.services.refunds.refund(kaede, { ...input, paymentId: '00000000-0000-4000-8000-000000000000' }))).toBe(
      'REFUND_NOT_ALLOWED',
    );
    expect(await refusal(h.services.refunds.refund(kaede, { ...input, paymentId: 'nope' }))).toBe('REFUND_NOT_ALLOWED');
    expect(await refusal(h.services.refunds.refund(kaede, { ...input, reason: ' ' }))).toBe('VALIDATION_FAILED');
    expect(gatewayRefunds(m.chargeRef)).toHaveLength(0);
    expect(await rowsOf(m.accountId)).toHaveLength(1);
  });
});
