// Two stores with plans, campaigns and a survey for the purchase tests, members with stored
// payment methods (written straight to the tables h-methods' calls fill), and the flow's steps.
import type { StoreSettingsInput } from '#config-schema/store-settings.ts';
import { accountPaymentMethods, paymentCustomers } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { type Browser, browser, type Harness, loginWithPassword, MIDORI_PASSWORD, seedMember, uniqueEmail } from '../identity/support.ts';
import { CARD_OK } from './fake-gateway.ts';

export const KAEDE = 'kaede.test.localhost';
export const SUMIRE = 'sumire.test.localhost';

const period = { startDate: '2026-01-01T00:00:00+09:00', endDate: '2030-12-31T23:59:59+09:00' };

export function kaedeDoc(overrides: Partial<StoreSettingsInput> = {}): StoreSettingsInput {
  return tenantDoc('kaede', {
    hosts: [KAEDE],
    paymentMethods: ['SbpsCredit', 'SbpsDocomo', 'CampaignCode'],
    // A store that sells publishes its legal notice (decision 0045; without it, apply warns).
    legal: {
      seller: { ja: '株式会社かえで' },
      representative: { ja: '代表取締役 楓 太郎' },
      address: { ja: '東京都港区1-1-1' },
      phone: '03-0000-1111',
    },
    plans: [
      {
        planId: 'trial',
        planType: 'subscription',
        planName: { ja: 'お試し月額', en: 'Trial monthly' },
        price: 990,
        freeTrialDays: 7,
        contentRefIds: ['ep1'],
      },
      {
        planId: 'monthly',
        planType: 'subscription',
        planName: { ja: '月額' },
        price: 500,
        surveyId: 'join',
        orderCompletedMessage: { ja: 'ようこそ', en: 'Welcome' },
      },
      { planId: 'buy', planType: 'purchase', planName: { ja: '購入' }, price: 2500, purchaseLimitPerMember: 1, contentRefIds: ['movie'] },
      { planId: 'rental', planType: 'rental', planName: { ja: 'レンタル' }, price: 440, rentalDays: 2, contentRefIds: ['rent1'] },
      { planId: 'last3', planType: 'purchase', planName: { ja: '限定' }, price: 100, salesLimit: 3 },
      { planId: 'closed', planType: 'purchase', planName: { ja: '終了' }, price: 100, salesEndDate: '2025-01-01T00:00:00+09:00' },
    ],
    campaigns: [
      {
        code: 'DISC',
        name: { ja: '割引' },
        planIds: ['monthly', 'trial'],
        campaignType: 'discount',
        price: 300,
        paymentCount: 3,
        ...period,
      },
      { code: 'FREE10', name: { ja: '10日無料' }, planIds: ['monthly'], campaignType: 'free', freeDays: 10, ...period },
      { code: 'ZERO', name: { ja: '100%' }, planIds: ['rental'], campaignType: 'discount', price: 0, ...period },
      {
        code: 'OLD',
        name: { ja: '終了' },
        planIds: ['monthly'],
        campaignType: 'discount',
        price: 1,
        startDate: '2025-01-01T00:00:00+09:00',
        endDate: '2025-02-01T00:00:00+09:00',
      },
      { automatic: true, name: { ja: '自動割引' }, planIds: ['buy'], campaignType: 'discount', price: 2000, ...period },
    ],
    surveys: [
      {
        surveyId: 'join',
        surveyName: { ja: 'アンケート' },
        questions: [{ questionId: 'why', questionType: 'text', questionTitle: { ja: '理由' }, required: true }],
      },
    ],
    ...overrides,
  });
}

export function sumireDoc(): StoreSettingsInput {
  return tenantDoc('sumire', {
    hosts: [SUMIRE],
    paymentMethods: ['SbpsCredit'],
    plans: [{ planId: 'sumire-only', planType: 'subscription', planName: { ja: 'すみれ' }, price: 700 }],
  });
}

/** A signed-in member of `storeId` with a stored card (the card reference decides the fake gateway's outcome). */
export async function memberWithCard(h: Harness, host: string, storeId: string, cardRef = CARD_OK) {
  const email = uniqueEmail(storeId);
  const account = await seedMember(h, storeId, { email, password: MIDORI_PASSWORD });
  const b: Browser = browser(h, host);
  const login = await loginWithPassword(b, email, MIDORI_PASSWORD);
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const methodId = await inStore(storeId, async () => {
    await h.database.db.insert(paymentCustomers).values({ storeId, accountId: account.id, customerRef: `cust-${account.id}` });
    const [m] = await h.database.db
      .insert(accountPaymentMethods)
      .values({
        storeId,
        accountId: account.id,
        paymentMethodType: 'SbpsCredit',
        cardRef,
        cardBrand: 'V',
        last4: '1111',
        expireDate: '203012',
      })
      .returning();
    return m?.id as string;
  });
  return { b, email, accountId: account.id, methodId };
}

/** verify then purchase; answers both. */
export async function buy(b: Browser, planId: string, form: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const verify = await b.post(`/zapi/purchase/verify/${planId}`, form);
  if (verify.status !== 200) return { verify, purchase: null };
  const purchase = await b.post(`/zapi/purchase/${planId}`, { purchaseToken: verify.body.purchaseToken, ...extra });
  return { verify, purchase };
}
