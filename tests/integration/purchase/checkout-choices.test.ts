import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaymentMethods, contracts, orders } from '#server/db/schema.ts';
import { browserToken, decideRedirect, returnedTo } from '../../helpers/payment-sandbox.ts';
import { createHarness } from '../app-harness.ts';
import {
  type Browser,
  browser,
  countRows,
  type Harness,
  loginWithPassword,
  MIDORI_PASSWORD,
  seedMember,
  uniqueEmail,
} from '../identity/support.ts';
import { buy, KAEDE, kaedeDoc } from './support.ts';

// Issue 20, point 1: a member without a registered card can pay by card at checkout, and the
// payment choices follow the plan. The purchase form offers the card form (its script in the page
// data) beside the one-time redirects; paying by a code alone only where a code can pay for the
// plan, the code field only where the plan has a code campaign. A card added from the form, or
// from My Page's /mypage/payment-method?redirectTo=/plans/…, goes back to the purchase. Over the
// sandbox provider, as the browser's script would reach it.

const VISA = '4111111111111111';
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

async function memberWithoutCard(): Promise<{ b: Browser; accountId: string }> {
  const email = uniqueEmail('kaede');
  const account = await seedMember(h, 'kaede', { email, password: MIDORI_PASSWORD });
  const b = browser(h, KAEDE);
  expect((await loginWithPassword(b, email, MIDORI_PASSWORD)).status).toBe(200);
  return { b, accountId: account.id };
}

async function cardTokens() {
  if (!h.payments) throw new Error('the harness has no sandbox');
  const tokens = await browserToken(h.payments.gateway, 'kaede', { cardNumber: VISA });
  if (!tokens.ok) throw new Error(`token refused: ${tokens.code}`);
  const { ok: _, ...body } = tokens;
  return body;
}

describe('the automatic campaign on the purchase form (issue 20.7)', () => {
  it('shows the campaign price where an automatic campaign applies, nothing where none does', async () => {
    const { b } = await memberWithoutCard();
    expect((await b.screen('/plans/buy')).body.automaticCampaign).toEqual({
      name: '自動割引',
      campaignType: 'discount',
      price: 2000,
      paymentCount: null,
      freeDays: null,
    });
    expect((await b.screen('/plans/trial')).body.automaticCampaign).toBeNull();
  });
});

describe('the purchase form of a member without a registered card', () => {
  it('offers the card form on every plan; the code alone only where a code pays for the plan', async () => {
    const { b } = await memberWithoutCard();
    const config = h.payments?.gateway.browserConfig('kaede');
    const cardProvider = { scriptUrl: config?.scriptUrl, merchantId: config?.merchantId, serviceId: config?.serviceId };

    // A purchase with only an automatic campaign: card or docomo, no code choice and no code field.
    const buy = (await b.screen('/plans/buy')).body;
    expect(buy).toMatchObject({ methods: [], directTypes: ['SbpsDocomo'], cardProvider, campaignCodeAccepted: false });

    // A subscription with a discount code (DISC): the card, the carrier (its agreement registered on
    // the provider's page, decision 0048), and the code field, but a code cannot pay alone.
    const trial = (await b.screen('/plans/trial')).body;
    expect(trial).toMatchObject({ methods: [], directTypes: ['SbpsDocomo'], cardProvider, campaignCodeAccepted: true });

    // A rental with a 100 % code (ZERO): the code alone is a payment choice.
    const rental = (await b.screen('/plans/rental')).body;
    expect(rental).toMatchObject({ directTypes: ['SbpsDocomo', 'CampaignCode'], cardProvider, campaignCodeAccepted: true });
  });

  it('a card typed at checkout is kept, goes back to the purchase, and pays for it', async () => {
    const { b, accountId } = await memberWithoutCard();
    const kept = await b.post('/zapi/account/payment-method/credit', { ...(await cardTokens()), redirectTo: '/plans/buy' });
    expect(kept.status).toBe(200);
    expect(kept.body.redirectTo).toBe('/plans/buy');
    const [row] = await h.database.admin.select().from(accountPaymentMethods).where(eq(accountPaymentMethods.accountId, accountId));
    expect(kept.body.accountPaymentMethodId).toBe(row?.id);

    const verify = await b.post('/zapi/purchase/verify/buy', { paymentMethodId: kept.body.accountPaymentMethodId });
    expect(verify.status).toBe(200);
    const bought = await b.post('/zapi/purchase/buy', { purchaseToken: verify.body.purchaseToken });
    expect(bought.status).toBe(200);
    expect(bought.body.redirectTo).toMatch(/^\/plans\/buy\/complete\?orderId=/);
    expect(await countRows(h, orders, eq(orders.accountId, accountId))).toBe(1);
    // One per member: the form's plan now says it cannot be bought (the form's button follows it).
    expect((await b.screen('/plans/buy')).body.plan.button).toMatchObject({ kind: 'contractLimited', disabled: true });
  });

  it('a card added without a target, or with one that leads off the store, ends on the completion page', async () => {
    for (const redirectTo of [undefined, 'https://evil.example/plans/buy', '//evil.example']) {
      const { b } = await memberWithoutCard();
      const kept = await b.post('/zapi/account/payment-method/credit', { ...(await cardTokens()), redirectTo });
      expect(kept.status).toBe(200);
      expect(kept.body.redirectTo).toBe('/mypage/payment-method/complete');
    }
  });

  it('a target that is not a string is refused with the field named, and no card is kept', async () => {
    const { b, accountId } = await memberWithoutCard();
    const refused = await b.post('/zapi/account/payment-method/credit', { ...(await cardTokens()), redirectTo: ['/plans/buy'] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(refused.body.fields ?? {})).toContain('redirectTo');
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, accountId))).toBe(0);
  });
});

describe('a subscription paid by a carrier from the purchase page (decision 0048)', () => {
  const survey = [{ questionId: 'why', value: 'ドラマ' }];

  /** verify and purchase with docomo, then the viewer on the carrier's page; answers the return's query. */
  async function toCarrier(b: Browser, decision: 'approve' | 'cancel') {
    const { verify, purchase } = await buy(b, 'monthly', { paymentMethodId: 'SbpsDocomo', surveyAnswers: survey });
    expect(verify.status).toBe(200);
    expect(purchase?.status).toBe(200);
    const redirect = purchase?.body.providerRedirect as { url: string; params: Record<string, string> };
    const back = returnedTo((await decideRedirect(redirect, decision)).location);
    expect(new URL(back.returnUrl).pathname).toBe('/zapi/purchase/return');
    return new URLSearchParams(back.fields).toString();
  }

  it('registers the agreement on the carrier page, keeps it, charges it, and the contract renews from it', async () => {
    const { b, accountId } = await memberWithoutCard();
    const query = await toCarrier(b, 'approve');
    const back = await b.get(`/zapi/purchase/return?${query}`);
    expect(back.headers.get('location')).toMatch(/^\/plans\/monthly\/complete\?orderId=/);

    const kept = await h.database.admin.select().from(accountPaymentMethods).where(eq(accountPaymentMethods.accountId, accountId));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ paymentMethodType: 'SbpsDocomo', cardRef: null });
    expect(kept[0]?.agreementRef).toBeTruthy();
    const [order] = await h.database.admin.select().from(orders).where(eq(orders.accountId, accountId));
    expect(order).toMatchObject({ status: 'completed', paymentMethod: kept[0]?.id, chargeAmount: 500 });
    expect(order?.chargeRef).toBeTruthy();
    const [contract] = await h.database.admin.select().from(contracts).where(eq(contracts.accountId, accountId));
    expect(contract?.paymentMethod).toBe(kept[0]?.id);

    // The same return again (a reload) shows the order, and nothing is charged or kept twice.
    const again = await b.get(`/zapi/purchase/return?${query}`);
    expect(again.headers.get('location')).toBe(back.headers.get('location'));
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, accountId))).toBe(1);
  });

  it('a registration cancelled on the carrier page fails the order and keeps nothing', async () => {
    const { b, accountId } = await memberWithoutCard();
    const back = await b.get(`/zapi/purchase/return?${await toCarrier(b, 'cancel')}`);
    expect(back.headers.get('location')).toBe('/plans/monthly?error=cancelled');
    expect(await countRows(h, accountPaymentMethods, eq(accountPaymentMethods.accountId, accountId))).toBe(0);
    expect(await countRows(h, contracts, eq(contracts.accountId, accountId))).toBe(0);
  });
});
