import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountPaymentMethods, contracts, entitlements, freeTrialUsages, orders, planSales } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import { browser, countRows, type Harness } from '../identity/support.ts';
import { CARD_3DS, CARD_DECLINE, createFakeGateway } from './fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard, SUMIRE, sumireDoc } from './support.ts';

// Issue 9, "Purchase": the form, verify and purchase calls over a real database and a fake
// provider that is idempotent as the gateway contract requires.

const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
  await h.apply(sumireDoc());
});
afterAll(() => h.close());
beforeEach(() => {
  fake.state.down = false;
  fake.state.delayMs = 0;
});

const survey = [{ questionId: 'why', value: '映画が好き' }];

describe('POST /zapi/purchase/verify/{planId}', () => {
  it('answers the order verification and a purchase token; the confirm page shows it', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const res = await m.b.post('/zapi/purchase/verify/trial', { planId: 'trial', paymentMethodId: m.methodId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      billingAmount: 990,
      freeDays: 7,
      campaignId: null,
      isReContract: false,
      entitlementExpiration: null,
      discountContinuationCount: null,
    });
    expect(res.body.firstPaymentDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.purchaseToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.redirectTo).toBe(`/plans/trial/confirm?token=${res.body.purchaseToken}`);
    const page = await m.b.screen(`/plans/trial/confirm?token=${res.body.purchaseToken}`);
    expect(page.status).toBe(200);
    expect(page.body.verification).toMatchObject({ billingAmount: 990, freeDays: 7 });
  });

  it('a campaign code: the price for N payments; an automatic campaign without a code', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const disc = await m.b.post('/zapi/purchase/verify/monthly', {
      paymentMethodId: m.methodId,
      campaignCode: 'disc',
      surveyAnswers: survey,
    });
    expect(disc.body).toMatchObject({
      billingAmount: 300,
      discountContinuationCount: 3,
      campaignId: 'DISC',
      campaignType: 'other',
      campaignName: '割引',
    });
    const auto = await m.b.post('/zapi/purchase/form/buy', { paymentMethodId: m.methodId });
    expect(auto.body).toMatchObject({ billingAmount: 2000, campaignName: '自動割引', campaignId: 'auto-4' });
    expect(auto.body.purchaseToken).toBeUndefined();
  });

  it('refuses each bad input with its code and field, and stores no token', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const cases: [string, Record<string, unknown>, number, string, string?][] = [
      ['trial', {}, 400, 'PAYMENT_METHOD_NOT_SELECTED', 'paymentMethodId'],
      ['trial', { paymentMethodId: '00000000-0000-4000-8000-000000000000' }, 400, 'PAYMENT_METHOD_NOT_REGISTERED', 'paymentMethodId'],
      ['trial', { paymentMethodId: 'SbpsCredit' }, 400, 'PAYMENT_METHOD_NOT_REGISTERED', 'paymentMethodId'],
      ['trial', { paymentMethodId: m.methodId, campaignCode: 'AB-1' }, 400, 'VALIDATION_FAILED', 'campaignCode'],
      ['rental', { paymentMethodId: 'CampaignCode' }, 400, 'VALIDATION_FAILED', 'campaignCode'],
      [
        'monthly',
        { paymentMethodId: m.methodId, campaignCode: 'NOPE', surveyAnswers: survey },
        400,
        'INVALID_CAMPAIGN_CODE',
        'campaignCode',
      ],
      [
        'monthly',
        { paymentMethodId: m.methodId, campaignCode: 'OLD', surveyAnswers: survey },
        400,
        'CAMPAIGN_NOT_APPLICABLE',
        'campaignCode',
      ],
      ['trial', { paymentMethodId: m.methodId, campaignCode: 'ZERO' }, 400, 'CAMPAIGN_NOT_APPLICABLE', 'campaignCode'],
      [
        'monthly',
        { paymentMethodId: 'CampaignCode', campaignCode: 'DISC', surveyAnswers: survey },
        400,
        'CAMPAIGN_NOT_FULL_DISCOUNT',
        'campaignCode',
      ],
      ['monthly', { paymentMethodId: m.methodId }, 400, 'VALIDATION_FAILED', 'surveyAnswers.0.value'],
      ['closed', { paymentMethodId: m.methodId }, 409, 'PLAN_NOT_PURCHASABLE'],
      ['nope', { paymentMethodId: m.methodId }, 404, 'NOT_FOUND'],
      ['trial', { paymentMethodId: m.methodId, extra: 1 }, 400, 'VALIDATION_FAILED', 'extra'],
    ];
    for (const [planId, body, status, code, field] of cases) {
      const res = await m.b.post(`/zapi/purchase/verify/${planId}`, body);
      expect({ planId, body, status: res.status, code: res.body.code }).toEqual({ planId, body, status, code });
      if (field) expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
    const noMethod = await m.b.post('/zapi/purchase/verify/trial', {});
    expect(noMethod.body.message).toBe('支払い方法が選択されていません');
    expect(noMethod.body.fields.paymentMethodId).toBe('支払い方法が選択されていません');
    const noCode = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: 'CampaignCode' });
    expect(noCode.body.fields.campaignCode).toBe('キャンペーンコードを入力してください');
    // Last: ?lang=en leaves the language cookie in this browser.
    const en = await m.b.post('/zapi/purchase/verify/trial?lang=en', {}, { 'accept-language': 'en' });
    expect(en.body).toMatchObject({ code: 'PAYMENT_METHOD_NOT_SELECTED', message: 'No payment method is selected' });
  });

  it('a guest gets 401; another store’s plan is 404; another store’s method is not registered', async () => {
    const guest = browser(h, KAEDE);
    expect((await guest.post('/zapi/purchase/verify/trial', { paymentMethodId: 'x' })).status).toBe(401);
    const other = await memberWithCard(h, SUMIRE, 'sumire');
    const m = await memberWithCard(h, KAEDE, 'kaede');
    expect((await m.b.post('/zapi/purchase/verify/sumire-only', { paymentMethodId: m.methodId })).status).toBe(404);
    const res = await m.b.post('/zapi/purchase/verify/trial', { paymentMethodId: other.methodId });
    expect(res.body.code).toBe('PAYMENT_METHOD_NOT_REGISTERED');
  });
});

describe('POST /zapi/purchase/{planId}', () => {
  it('buys a subscription with a card: contract, entitlement, free trial used once per store', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const { purchase } = await buy(m.b, 'trial', { paymentMethodId: m.methodId });
    expect(purchase?.status).toBe(200);
    expect(purchase?.body.redirectTo).toMatch(/^\/plans\/trial\/complete\?orderId=[0-9a-f-]{36}$/);
    const [contract] = await h.database.admin.select().from(contracts).where(eq(contracts.accountId, m.accountId));
    expect(contract).toMatchObject({ planId: 'trial', status: 'NEW_TRIAL_CONTRACT', price: 990, endedAt: null });
    expect(await countRows(h, freeTrialUsages, eq(freeTrialUsages.accountId, m.accountId))).toBe(1);
    // Nothing charged today (free days), so the provider was not asked.
    const [order] = await h.database.admin.select().from(orders).where(eq(orders.accountId, m.accountId));
    expect(order).toMatchObject({ status: 'completed', chargeAmount: 0, chargeRef: null });
    // Already contracted now; and the free trial is not given again on another plan.
    const again = await m.b.post('/zapi/purchase/verify/trial', { paymentMethodId: m.methodId });
    expect(again.body).toMatchObject({ code: 'ALREADY_CONTRACTED', message: '契約数の上限に達しているため購入できません' });
    const free = await m.b.post('/zapi/purchase/verify/monthly', {
      paymentMethodId: m.methodId,
      campaignCode: 'FREE10',
      surveyAnswers: survey,
    });
    expect(free.body.code).toBe('CAMPAIGN_NOT_APPLICABLE');
    const plans = await m.b.screen('/plans');
    const card = plans.body.plans.find((p: { planId: string }) => p.planId === 'trial');
    expect(card.button.kind).toBe('contractLimited');
    const complete = await m.b.screen(purchase?.body.redirectTo);
    expect(complete.status).toBe(200);
  });

  it('charges the card once for a paid plan; the completion shows orderCompletedMessage', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const before = fake.state.captures.length;
    const { purchase } = await buy(m.b, 'monthly', { paymentMethodId: m.methodId, surveyAnswers: survey });
    expect(purchase?.status).toBe(200);
    expect(fake.state.captures.length).toBe(before + 1);
    expect(fake.state.captures.at(-1)?.amount).toBe(500);
    const page = await m.b.screen(purchase?.body.redirectTo);
    expect(page.body).toMatchObject({ planName: '月額', orderCompletedMessage: 'ようこそ' });
    const [order] = await h.database.admin.select().from(orders).where(eq(orders.accountId, m.accountId));
    expect(order?.surveyAnswers).toEqual([{ questionId: 'why', value: '映画が好き' }]);
  });

  it('a replayed token is refused; a double click charges once', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const verify = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    const before = fake.state.captures.length;
    fake.state.delayMs = 20;
    const [a, b] = await Promise.all([
      m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken }),
      m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken }),
    ]);
    expect([a.status, b.status]).toContain(200);
    expect(fake.state.captures.length).toBe(before + 1);
    expect(await countRows(h, entitlements, eq(entitlements.accountId, m.accountId))).toBe(1);
    const replay = await m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken });
    expect(replay.body).toMatchObject({ status: 409, code: 'INVALID_SESSION_FLOW' });
    expect(fake.state.captures.length).toBe(before + 1);
  });

  it('refuses a token of another member, another plan, or made up', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const other = await memberWithCard(h, KAEDE, 'kaede');
    const verify = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    const token = verify.body.purchaseToken;
    expect((await other.b.post('/zapi/purchase/rental', { purchaseToken: token })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await m.b.post('/zapi/purchase/buy', { purchaseToken: token })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await m.b.post('/zapi/purchase/rental', { purchaseToken: 'made-up' })).body.code).toBe('INVALID_SESSION_FLOW');
    expect((await m.b.post('/zapi/purchase/rental', {})).status).toBe(400);
    expect((await browser(h, KAEDE).post('/zapi/purchase/rental', { purchaseToken: token })).status).toBe(401);
    // Still good for its own member and plan.
    expect((await m.b.post('/zapi/purchase/rental', { purchaseToken: token })).status).toBe(200);
  });

  it('a declined card fails the order and gives the unit back; a card token error is a registration error', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede', CARD_DECLINE);
    const { purchase } = await buy(m.b, 'last3', { paymentMethodId: m.methodId });
    expect(purchase?.body).toMatchObject({ status: 402, code: 'PAYMENT_DECLINED' });
    const [order] = await h.database.admin.select().from(orders).where(eq(orders.accountId, m.accountId));
    expect(order?.status).toBe('failed');
    const [sales] = await h.database.admin
      .select()
      .from(planSales)
      .where(and(eq(planSales.storeId, 'kaede'), eq(planSales.planId, 'last3')));
    expect(sales?.salesCount ?? 0).toBe(0);
  });

  it('the provider down: 503, nothing charged, the same token works once it is back (same idempotency keys)', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const verify = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    fake.state.down = true;
    const down = await m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken });
    expect(down.body).toMatchObject({ status: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(await countRows(h, entitlements, eq(entitlements.accountId, m.accountId))).toBe(0);
    fake.state.down = false;
    const before = fake.state.captures.length;
    const back = await m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken });
    expect(back.status).toBe(200);
    expect(fake.state.captures.length).toBe(before + 1);
  });

  it('3-D Secure: a challenge answers the provider redirect; the signed return completes once; a tampered return is refused, the same one again shows the result', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede', CARD_3DS);
    const { purchase } = await buy(m.b, 'rental', { paymentMethodId: m.methodId }, { tds2infoToken: 'tds', tds2infoTokenKey: 'key' });
    expect(purchase?.status).toBe(200);
    expect(purchase?.body.providerRedirect.url).toBe('http://pay.test/3ds');
    const ref = purchase?.body.providerRedirect.params.ref as string;
    const tampered = await m.b.get(`/zapi/purchase/return?ref=${ref}&sig=forged`);
    expect(tampered.status).toBe(409);
    expect(await countRows(h, entitlements, eq(entitlements.accountId, m.accountId))).toBe(0);
    const back = await m.b.get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(/^\/plans\/rental\/complete\?orderId=/);
    // The same return again (back or reload, issue 20.3): the order's result, and nothing changes.
    const replay = await m.b.get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`);
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe(back.headers.get('location'));
    expect(await countRows(h, entitlements, eq(entitlements.accountId, m.accountId))).toBe(1);
    expect(fake.state.captures.filter((c) => c.authorizationRef === `auth-${ref}`)).toHaveLength(1);
    // Another member (or a guest) bringing the same return is refused: the order is not theirs.
    const other = await memberWithCard(h, KAEDE, 'kaede');
    expect((await other.b.get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`)).status).toBe(409);
    expect((await browser(h, KAEDE).get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`)).status).toBe(409);
  });

  it('3-D Secure frictionless: the tokens go with the card and no challenge follows', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede', CARD_3DS);
    const { purchase } = await buy(
      m.b,
      'rental',
      { paymentMethodId: m.methodId },
      { tds2infoToken: 'frictionless-1', tds2infoTokenKey: 'k' },
    );
    expect(purchase?.body.redirectTo).toMatch(/complete/);
  });

  it('a 100 % campaign code pays alone, without the provider', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const calls = fake.state.authorizeCalls;
    const { verify, purchase } = await buy(m.b, 'rental', { paymentMethodId: 'CampaignCode', campaignCode: 'ZERO' });
    expect(verify.body).toMatchObject({ billingAmount: 0, campaignId: 'ZERO' });
    expect(purchase?.status).toBe(200);
    expect(fake.state.authorizeCalls).toBe(calls);
  });

  it('a one-time carrier redirect for a rental: the provider page, then the signed return completes it', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const { purchase } = await buy(m.b, 'rental', { paymentMethodId: 'SbpsDocomo' });
    expect(purchase?.body.providerRedirect.url).toBe('http://pay.test/redirect');
    const ref = purchase?.body.providerRedirect.params.ref as string;
    const back = await m.b.get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`);
    expect(back.headers.get('location')).toMatch(/^\/plans\/rental\/complete/);
    // A subscription is not paid once: its carrier agreement is registered first (decision 0048,
    // checkout-choices.test.ts), so verify takes the type here too.
    const sub = await m.b.post('/zapi/purchase/verify/trial', { paymentMethodId: 'SbpsDocomo' });
    expect(sub.status).toBe(200);
  });

  it('an expired card cannot pay', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    await h.database.admin.update(accountPaymentMethods).set({ expireDate: '202001' }).where(eq(accountPaymentMethods.id, m.methodId));
    const res = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    expect(res.body).toMatchObject({ status: 409, code: 'PAYMENT_METHOD_UNUSABLE' });
  });

  it('a method of a type the store no longer offers cannot pay (the payment-methods rule)', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const [paypal] = await h.database.admin
      .insert(accountPaymentMethods)
      .values({ storeId: 'kaede', accountId: m.accountId, paymentMethodType: 'PaypalRest', agreementRef: 'agr-old', label: 'old' })
      .returning();
    const res = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: paypal?.id });
    expect(res.body).toMatchObject({ status: 409, code: 'PAYMENT_METHOD_UNUSABLE' });
  });

  it('purchaseLimitPerMember: a second purchase is refused', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    expect((await buy(m.b, 'buy', { paymentMethodId: m.methodId })).purchase?.status).toBe(200);
    const again = await m.b.post('/zapi/purchase/verify/buy', { paymentMethodId: m.methodId });
    expect(again.body).toMatchObject({ code: 'CONTRACT_LIMIT_REACHED', message: '契約数の上限に達しているため購入できません' });
  });

  it('too many purchases in a minute: 429 with the wait', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++)
      tokens.push((await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId })).body.purchaseToken);
    fake.state.down = true;
    for (const t of tokens.slice(0, 5)) expect((await m.b.post('/zapi/purchase/rental', { purchaseToken: t })).status).toBe(503);
    const sixth = await m.b.post('/zapi/purchase/rental', { purchaseToken: tokens[5] });
    expect(sixth.body).toMatchObject({ status: 429, code: 'PURCHASE_TOO_FREQUENT' });
    expect(sixth.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(sixth.headers.get('retry-after')).toBe(String(sixth.body.retryAfterSeconds));
  });
});

describe('POST /api/streaks/playback/fetch', () => {
  it('plays an entitled title, refuses others, guests and other stores', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    expect((await m.b.post('/api/streaks/playback/fetch', { refId: 'movie' })).body.code).toBe('NOT_ENTITLED');
    await buy(m.b, 'buy', { paymentMethodId: m.methodId });
    const ok = await m.b.post('/api/streaks/playback/fetch', { refId: 'movie' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ refId: 'movie', expiresAt: null });
    expect((await m.b.post('/api/streaks/playback/fetch', { refId: 'rent1' })).status).toBe(403);
    expect((await m.b.post('/api/streaks/playback/fetch', { refId: 'bad id!' })).status).toBe(400);
    expect((await browser(h, KAEDE).post('/api/streaks/playback/fetch', { refId: 'movie' })).status).toBe(401);
  });
});
