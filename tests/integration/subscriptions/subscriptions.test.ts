import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaymentMethods, contracts, earnings } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createHarness } from '../app-harness.ts';
import { browser, type Harness, mailsTo, movableClock } from '../identity/support.ts';
import { createFakeGateway } from '../purchase/fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard, SUMIRE, sumireDoc } from '../purchase/support.ts';

// Issue 10, member pages: the subscription calls (change of payment method, cancel with the
// survey, undo), the plan list, the detail, the withdrawal block, over a real database. Members
// get their subscriptions through the purchase calls.

const DAY = 24 * 60 * 60 * 1000;
const fake = createFakeGateway();
const clock = movableClock(new Date('2026-11-25T03:00:00Z'));
let h: Harness;

const leave = {
  surveyId: 'leave',
  surveyName: { ja: '解約アンケート', en: 'Why are you leaving?' },
  questions: [{ questionId: 'reason', questionType: 'text' as const, questionTitle: { ja: '理由' }, required: true }],
};

beforeAll(async () => {
  h = await createHarness({}, clock.now, { gateway: fake.gateway });
  const doc = kaedeDoc();
  const plans = (doc.plans ?? []).map((p) => (p.planId === 'monthly' ? { ...p, cancelSurveyId: 'leave' } : p));
  await h.apply({
    ...doc,
    plans,
    surveys: [...(doc.surveys ?? []), leave],
    invoice: { registrationNumber: 'T1234567890123', logo: '/brand/kaede/invoice-logo.svg' },
  });
  await h.apply(sumireDoc());
});
afterAll(() => h.close());

/** A kaede member with a card and a subscription of `planId` bought through the purchase calls. */
async function subscriber(planId: 'monthly' | 'trial' = 'monthly') {
  const m = await memberWithCard(h, KAEDE, 'kaede');
  const form =
    planId === 'monthly'
      ? { paymentMethodId: m.methodId, surveyAnswers: [{ questionId: 'why', value: '映画' }] }
      : { paymentMethodId: m.methodId };
  const { purchase } = await buy(m.b, planId, form);
  expect(purchase?.status).toBe(200);
  const [c] = await h.database.admin.select().from(contracts).where(eq(contracts.accountId, m.accountId));
  if (!c) throw new Error('no contract');
  return { ...m, subscriptionId: c.id, contract: c };
}

const statusOf = async (id: string) => (await h.database.admin.select().from(contracts).where(eq(contracts.id, id)))[0];
const cancelBody = { surveyAnswers: [{ questionId: 'reason', value: '高い' }] };

describe('the plan list, the account top and the detail', () => {
  it('lists the contracted subscription first, then the subscription plans not held; withdraw mode from returnTo=/withdraw', async () => {
    const m = await subscriber();
    const page = await m.b.screen('/mypage/plans');
    expect(page.status).toBe(200);
    expect(page.body.withdrawMode).toBe(false);
    expect(page.body.contracted).toHaveLength(1);
    expect(page.body.contracted[0]).toMatchObject({
      subscriptionId: m.subscriptionId,
      subscriptionStatus: 'NEW_CONTRACT',
      planName: '月額',
      billingAmount: 500,
      accountPaymentMethod: { paymentMethodType: 'SbpsCredit', brand: 'V', last4: '1111' },
      view: { group: 'contract', renewing: false, dateKind: 'nextSettlement', date: '2026-12-25', showPaymentMethod: true },
    });
    expect(page.body.plans.map((p: { planId: string }) => p.planId)).toEqual(['trial']);
    expect((await m.b.screen('/mypage/plans?returnTo=/withdraw')).body.withdrawMode).toBe(true);
    expect((await m.b.screen('/mypage/plans?returnTo=https://evil.example')).body.withdrawMode).toBe(false);
    const top = await m.b.screen('/mypage');
    expect(top.body.contracted.map((s: { subscriptionId: string }) => s.subscriptionId)).toEqual([m.subscriptionId]);
    const detail = await m.b.screen(`/mypage/subscription/${m.subscriptionId}`);
    expect(detail.body.subscription).toMatchObject({ firstPaymentDay: '2026-11-25', nextSettlementDay: '2026-12-25', originalPrice: 500 });
  });

  it('a trial shows its end day; a campaign its name and period', async () => {
    const t = await subscriber('trial');
    const trial = (await t.b.screen(`/mypage/subscription/${t.subscriptionId}`)).body.subscription;
    expect(trial.view).toMatchObject({ group: 'trial', trialEndsOn: '2026-12-01', date: '2026-12-02' });
    const m = await memberWithCard(h, KAEDE, 'kaede');
    await buy(m.b, 'monthly', { paymentMethodId: m.methodId, campaignCode: 'DISC', surveyAnswers: [{ questionId: 'why', value: 'x' }] });
    const [c] = await h.database.admin.select().from(contracts).where(eq(contracts.accountId, m.accountId));
    const disc = (await m.b.screen(`/mypage/subscription/${c?.id}`)).body.subscription;
    expect(disc).toMatchObject({ billingAmount: 300, originalPrice: 500, campaign: { campaignName: '割引' } });
    expect(disc.campaignApplicablePeriod.startDate).toBe('2026-11-25');
  });

  it("another member's, another store's and a guest's view of a subscription: not found, or the login", async () => {
    const m = await subscriber();
    const other = await memberWithCard(h, KAEDE, 'kaede');
    expect((await other.b.screen(`/mypage/subscription/${m.subscriptionId}`)).body.code).toBe('SUBSCRIPTION_NOT_FOUND');
    const elsewhere = await memberWithCard(h, SUMIRE, 'sumire');
    expect((await elsewhere.b.screen(`/mypage/subscription/${m.subscriptionId}`)).body.code).toBe('SUBSCRIPTION_NOT_FOUND');
    expect((await other.b.screen('/mypage/subscription/not-a-uuid')).status).toBe(404);
    const guest = browser(h, KAEDE);
    expect((await guest.screen(`/mypage/subscription/${m.subscriptionId}`)).body.redirectTo).toMatch(/^\/login\?redirectTo=/);
  });
});

describe('cancel (POST /zapi/subscription/{id}/withdraw) and undo (/withdraw/cancel)', () => {
  it('cancels with the survey, mails it, keeps the method in use; twice is refused; the undo restores and mails', async () => {
    const m = await subscriber();
    const path = `/zapi/subscription/${m.subscriptionId}`;
    const page = await m.b.screen(`/mypage/subscription/${m.subscriptionId}/withdraw?returnTo=/withdraw`);
    expect(page.body).toMatchObject({ survey: { surveyId: 'leave' }, returnTo: '/withdraw' });

    const missing = await m.b.post(`${path}/withdraw`, { surveyAnswers: [] });
    expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(Object.keys(missing.body.fields)).toEqual(['surveyAnswers.0.value']);
    expect((await statusOf(m.subscriptionId))?.status).toBe('NEW_CONTRACT');

    const done = await m.b.post(`${path}/withdraw`, cancelBody);
    expect(done).toMatchObject({
      status: 200,
      body: { redirectTo: `/mypage/subscription/${m.subscriptionId}/withdraw/complete?done=cancel` },
    });
    const row = await statusOf(m.subscriptionId);
    expect(row).toMatchObject({ status: 'CANCEL_REQUEST', usableUntil: '2026-12-24', cancelSurveyAnswers: cancelBody.surveyAnswers });
    expect(row?.cancelRequestedAt).not.toBeNull();
    const [mail] = await mailsTo(h, m.email, 'subscriptionCancelled');
    expect(mail?.subject).toContain('プランの解約を受け付けました');
    expect(mail?.text).toContain('2026年12月24日');

    const complete = await m.b.screen(`/mypage/subscription/${m.subscriptionId}/withdraw/complete?done=cancel`);
    expect(complete.body).toMatchObject({ done: 'cancel', date: '2026-12-24' });
    const view = (await m.b.screen(`/mypage/subscription/${m.subscriptionId}`)).body.subscription.view;
    expect(view).toMatchObject({
      group: 'cancelRequest',
      dateKind: 'endDate',
      date: '2026-12-24',
      showPaymentMethod: false,
      undo: { allowed: true },
    });

    expect((await m.b.post(`${path}/withdraw`, cancelBody)).body.code).toBe('SUBSCRIPTION_CANCEL_INVALID');
    expect((await m.b.post(`${path}/change-payment-method`, { paymentMethodId: m.methodId })).body.code).toBe(
      'SUBSCRIPTION_NOT_CHANGEABLE',
    );
    // A pending cancellation still needs its method (member-area 8).
    expect((await m.b.delete(`/zapi/account/payment-method/${m.methodId}`, {})).body.code).toBe('PAYMENT_METHOD_IN_USE');
    // It no longer blocks the withdrawal: it ends by itself.
    expect((await m.b.screen('/withdraw')).body.blockedByPlan).toBe(false);

    const undone = await m.b.post(`${path}/withdraw/cancel`, {});
    expect(undone).toMatchObject({
      status: 200,
      body: { redirectTo: `/mypage/subscription/${m.subscriptionId}/withdraw/complete?done=undo` },
    });
    expect(await statusOf(m.subscriptionId)).toMatchObject({
      status: 'ONGOING_CONTRACT',
      cancelRequestedAt: null,
      cancelSurveyAnswers: [],
    });
    expect(await mailsTo(h, m.email, 'subscriptionCancelUndone')).toHaveLength(1);
    // Undoing again, with no cancellation left to undo (issue 20.7): its own message.
    const again = await m.b.post(`${path}/withdraw/cancel`, {});
    expect(again.body.code).toBe('SUBSCRIPTION_UNDO_INVALID');
    expect(again.body.message).toBe('このプランは解約のお手続きがされていないため、解約の取り消しはできません。');
  });

  it('a trial cancels to TRIAL_CANCEL_REQUEST without a survey of its own (the store has no withdrawal survey) and undoes to the trial', async () => {
    const t = await subscriber('trial');
    const path = `/zapi/subscription/${t.subscriptionId}`;
    expect((await t.b.post(`${path}/withdraw`, {})).status).toBe(200);
    expect((await statusOf(t.subscriptionId))?.status).toBe('TRIAL_CANCEL_REQUEST');
    expect((await t.b.post(`${path}/withdraw/cancel`, {})).status).toBe(200);
    expect((await statusOf(t.subscriptionId))?.status).toBe('NEW_TRIAL_CONTRACT');
  });

  it('the undo needs a payment method', async () => {
    const m = await subscriber();
    const path = `/zapi/subscription/${m.subscriptionId}`;
    await m.b.post(`${path}/withdraw`, cancelBody);
    await inStore('kaede', () =>
      h.database.db.update(accountPaymentMethods).set({ deletedAt: clock.now() }).where(eq(accountPaymentMethods.id, m.methodId)),
    );
    expect((await m.b.post(`${path}/withdraw/cancel`, {})).body.code).toBe('SUBSCRIPTION_UNDO_NO_PAYMENT_METHOD');
    expect((await statusOf(m.subscriptionId))?.status).toBe('CANCEL_REQUEST');
  });

  it("refuses another member's, another store's subscription and a guest; bad JSON is a 400", async () => {
    const m = await subscriber();
    const other = await memberWithCard(h, KAEDE, 'kaede');
    const elsewhere = await memberWithCard(h, SUMIRE, 'sumire');
    for (const call of ['withdraw', 'withdraw/cancel', 'change-payment-method']) {
      const body = call === 'change-payment-method' ? { paymentMethodId: other.methodId } : cancelBody;
      expect((await other.b.post(`/zapi/subscription/${m.subscriptionId}/${call}`, body)).body.code).toBe('SUBSCRIPTION_NOT_FOUND');
      expect((await elsewhere.b.post(`/zapi/subscription/${m.subscriptionId}/${call}`, body)).body.code).toBe('SUBSCRIPTION_NOT_FOUND');
      expect((await browser(h, KAEDE).post(`/zapi/subscription/${m.subscriptionId}/${call}`, body)).status).toBe(401);
    }
    expect((await m.b.post(`/zapi/subscription/${m.subscriptionId}/withdraw`, '{"surveyAnswers":')).status).toBe(400);
    expect((await statusOf(m.subscriptionId))?.status).toBe('NEW_CONTRACT');
  });
});

describe('change of payment method (POST /zapi/subscription/{id}/change-payment-method)', () => {
  it('changes to another usable method of the member; refuses bad input, unknown, expired and foreign methods', async () => {
    const m = await subscriber();
    const path = `/zapi/subscription/${m.subscriptionId}/change-payment-method`;
    const [second, expired] = await inStore('kaede', () =>
      h.database.db
        .insert(accountPaymentMethods)
        .values([
          {
            storeId: 'kaede',
            accountId: m.accountId,
            paymentMethodType: 'SbpsCredit',
            cardRef: `c2-${m.accountId}`,
            cardBrand: 'J',
            last4: '2222',
            expireDate: '203101',
          },
          {
            storeId: 'kaede',
            accountId: m.accountId,
            paymentMethodType: 'SbpsCredit',
            cardRef: `c3-${m.accountId}`,
            cardBrand: 'M',
            last4: '3333',
            expireDate: '202001',
          },
        ])
        .returning(),
    );
    const page = await m.b.screen(`/mypage/subscription/${m.subscriptionId}/payment-method`);
    expect(page.body.methods.map((x: { last4: string }) => x.last4)).toEqual(['1111', '2222']);

    expect((await m.b.post(path, {})).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await m.b.post(path, { paymentMethodId: '00000000-0000-4000-8000-000000000000' })).body.code).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect((await m.b.post(path, { paymentMethodId: expired?.id })).body.code).toBe('PAYMENT_METHOD_UNUSABLE');
    const other = await memberWithCard(h, KAEDE, 'kaede');
    expect((await m.b.post(path, { paymentMethodId: other.methodId })).body.code).toBe('PAYMENT_METHOD_NOT_FOUND');

    const done = await m.b.post(path, { paymentMethodId: second?.id });
    expect(done).toMatchObject({ status: 200, body: { redirectTo: `/mypage/subscription/${m.subscriptionId}/payment-method/complete` } });
    expect((await statusOf(m.subscriptionId))?.paymentMethod).toBe(second?.id);
    // The old card is free to delete now; the new one is in use.
    expect((await m.b.delete(`/zapi/account/payment-method/${second?.id}`, {})).body.code).toBe('PAYMENT_METHOD_IN_USE');
    expect((await m.b.delete(`/zapi/account/payment-method/${m.methodId}`, {})).status).toBe(200);
  });
});

describe('withdrawal from membership', () => {
  it('is refused while a subscription would renew, with its code, and the page says so', async () => {
    const m = await subscriber();
    expect((await m.b.screen('/withdraw')).body.blockedByPlan).toBe(true);
    const res = await m.b.post('/zapi/account/withdraw/confirm', { consent: true });
    expect(res).toMatchObject({ status: 409, body: { code: 'WITHDRAWAL_BLOCKED_BY_PLAN' } });
    expect(res.body.message).toBe('ご契約中のプランがあるため退会できません。プランを解約してから、もう一度お試しください。');
  });
});

describe('payment history and invoices', () => {
  it('pages the last year of charges, newest first; each has its invoice; another member sees none of them', async () => {
    const m = await subscriber();
    const old = new Date(clock.now().getTime() - 400 * DAY);
    const rows = await inStore('kaede', () =>
      h.database.db
        .insert(earnings)
        .values(
          Array.from({ length: 12 }, (_, i) => ({
            storeId: 'kaede',
            accountId: m.accountId,
            contractId: m.subscriptionId,
            planId: 'monthly',
            planName: { ja: '月額', en: 'Monthly' },
            paymentMethodType: 'SbpsCredit',
            paymentMethodInfo: { brand: 'V', last4: '1111', expireDate: '203012' },
            billingAmount: 1100,
            taxRate: 10,
            taxAmount: 100,
            netAmount: 1000,
            idempotencyKey: `hist-${m.accountId}-${i}`,
            // 11 within the year (1..11 days ago), 1 older than a year.
            createdAt: i === 11 ? old : new Date(clock.now().getTime() - (i + 1) * DAY),
          })),
        )
        .returning(),
    );
    const first = await m.b.get('/zapi/account/payment-history/1');
    expect(first.status).toBe(200);
    // The purchase's own charge, and 11 of the 12 rows above.
    expect(first.body).toMatchObject({ currentPage: 1, lastPage: 2, perPage: 10, totalCount: 12 });
    expect(first.body.data[0]).toMatchObject({ planName: '月額', billingAmount: 500 });
    const second = await m.b.get('/zapi/account/payment-history/2');
    expect(second.body.data).toHaveLength(2);
    expect((await m.b.get('/zapi/account/payment-history/9')).body.currentPage).toBe(2);
    expect((await m.b.get('/zapi/account/payment-history/0')).status).toBe(400);
    expect((await m.b.get('/zapi/account/payment-history/x')).status).toBe(400);
    expect((await m.b.get('/zapi/account/payment-history/1?lang=en')).body.data[1].planName).toBe('Monthly');
    const screen = await m.b.screen('/mypage/payment-history');
    expect(screen.body.totalCount).toBe(12);

    const id = rows[0]?.id as string;
    const invoice = await m.b.screen(`/mypage/invoice/${id}`);
    expect(invoice.body).toMatchObject({
      earningsId: id,
      contactEmail: m.email,
      billingAmount: 1100,
      taxRate: 10,
      taxAmount: 100,
      netBillingAmount: 1000,
      invoiceRegistrationNumber: 'T1234567890123',
      accountPaymentMethod: { last4: '1111' },
      // The store's invoice logo (drawn for the white sheet), not its header logo.
      logoUrl: '/brand/kaede/invoice-logo.svg',
    });
    const other = await memberWithCard(h, KAEDE, 'kaede');
    expect((await other.b.screen(`/mypage/invoice/${id}`)).status).toBe(404);
    expect((await other.b.get('/zapi/account/payment-history/1')).body.totalCount).toBe(0);
    expect((await browser(h, KAEDE).get('/zapi/account/payment-history/1')).status).toBe(401);
    const elsewhere = await memberWithCard(h, SUMIRE, 'sumire');
    expect((await elsewhere.b.screen(`/mypage/invoice/${id}`)).status).toBe(404);
  });
});

// Last: it moves the clock to the settlement day.
describe('the renewing window', () => {
  it('on the settlement day change, cancel and undo are refused as renewing; the view says 契約更新中', async () => {
    const a = await subscriber('trial');
    const b = await subscriber('trial');
    await b.b.post(`/zapi/subscription/${b.subscriptionId}/withdraw`, {});
    clock.advance(7 * DAY);
    const view = (await a.b.screen(`/mypage/subscription/${a.subscriptionId}`)).body.subscription.view;
    expect(view).toMatchObject({ renewing: true, cancel: { allowed: false, reason: 'renewing' } });
    expect((await a.b.post(`/zapi/subscription/${a.subscriptionId}/withdraw`, {})).body.code).toBe('SUBSCRIPTION_RENEWING');
    expect(
      (await a.b.post(`/zapi/subscription/${a.subscriptionId}/change-payment-method`, { paymentMethodId: a.methodId })).body.code,
    ).toBe('SUBSCRIPTION_RENEWING');
    expect((await b.b.post(`/zapi/subscription/${b.subscriptionId}/withdraw/cancel`, {})).body.code).toBe('SUBSCRIPTION_RENEWING');
    expect((await statusOf(a.subscriptionId))?.status).toBe('NEW_TRIAL_CONTRACT');
    expect((await statusOf(b.subscriptionId))?.status).toBe('TRIAL_CANCEL_REQUEST');
    // The day before is still open: nothing else moved (and(...) keeps the import honest).
    expect(
      await h.database.admin.$count(contracts, and(eq(contracts.id, a.subscriptionId), eq(contracts.status, 'NEW_TRIAL_CONTRACT'))),
    ).toBe(1);
  });
});
