import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Campaign, Plan } from '#config-schema/plans.ts';
import { messages as en } from '../../locales/en.po';
import { messages as ja } from '../../locales/ja.po';
import { computeOrder } from './order.ts';
import { type OneTimeTerms, orderTerms, paymentDay, type SubscriptionTerms } from './order-terms.ts';
import { confirmButtonText, cycleText, orderTermRows } from './order-terms-text.ts';

const i18nJa = setupI18n({ locale: 'ja', messages: { ja } });
const i18nEn = setupI18n({ locale: 'en', messages: { en } });

const base: Plan = {
  planId: 'p',
  planType: 'subscription',
  planName: { ja: 'プラン' },
  price: 990,
  salesLimit: null,
  salesStartDate: null,
  salesEndDate: null,
  freeTrialDays: 0,
  renewSpan: 1,
  renewSpanUnit: 'month',
  forceStopRenewDate: null,
  purchaseLimitPerMember: null,
  rentalDays: 2,
  contentRefIds: [],
  surveyId: null,
  cancelSurveyId: null,
  visible: true,
  onSale: true,
};
const period = { startDate: '2026-04-01T00:00:00+09:00', endDate: '2030-03-31T23:59:59+09:00', automatic: true };
/** kurenai's weekly pass: ¥330 a week, ¥165 for the first 4 weeks. */
const weekly: Plan = { ...base, planId: 'weekly-pass', price: 330, renewSpanUnit: 'week' };
const weeklyCampaign: Campaign = {
  name: { ja: '最初の4週 165円' },
  planIds: ['weekly-pass'],
  campaignType: 'discount',
  price: 165,
  paymentCount: 4,
  ...period,
};
// 2026-11-27 11:00 JST
const now = new Date('2026-11-27T02:00:00Z');

function termsOf(plan: Plan, campaign: Campaign | null = null, freeTrialUsed = false) {
  const order = computeOrder({ plan, campaign, campaignId: campaign ? 'c' : null, freeTrialUsed, isReContract: false, now, lang: 'ja' });
  return orderTerms(plan, order);
}
const sub = (t: ReturnType<typeof termsOf>) => t as SubscriptionTerms;
const texts = (rows: Array<{ key: string; text: string }>) => Object.fromEntries(rows.map((r) => [r.key, r.text]));

describe('orderTerms: subscriptions', () => {
  it('the weekly pass under its campaign: ¥165 for payments 1-4 from today, then ¥330 from week 5', () => {
    const t = sub(termsOf(weekly, weeklyCampaign));
    expect(t.charges).toEqual([
      { amount: 165, first: 1, last: 4, from: '2026-11-27' },
      { amount: 330, first: 5, last: null, from: '2026-12-25' },
    ]);
    expect(t.chargeToday).toBe(165);
    expect(t.cycle).toEqual({ span: 1, unit: 'week' });
    expect(t.contractEnds).toBeNull();
    expect(t.nextCharge).toEqual({ day: '2026-12-04', amount: 165 });
    expect(t.cancelBy).toBe('2026-12-03');
    expect(t.free).toBeNull();
    const rows = texts(orderTermRows(i18nJa, t));
    expect(rows.charges).toBe('1〜4回目（2026/11/27から）：各¥165\n5回目（2026/12/25）以降：毎回¥330');
    expect(rows.cycle).toBe('1週間ごとに自動更新');
    expect(rows.period).toContain('解約のお手続きをされるまで自動で更新されます');
    expect(rows.next).toBe('2026/12/04：¥165');
    expect(rows.cancel).toContain('（2026/12/03）までに解約すると');
  });

  it('a plain monthly plan: the price every month from today, the next charge a month later', () => {
    const t = sub(termsOf(base));
    expect(t.charges).toEqual([{ amount: 990, first: 1, last: null, from: '2026-11-27' }]);
    expect(t.nextCharge).toEqual({ day: '2026-12-27', amount: 990 });
    expect(texts(orderTermRows(i18nJa, t)).charges).toBe('初回（2026/11/27）から毎回：¥990');
  });

  it('a free trial: nothing today, the first charge after the free days, cancel the day before it', () => {
    const t = sub(termsOf({ ...base, freeTrialDays: 31 }));
    expect(t.free).toEqual({ days: 31, until: '2026-12-27' });
    expect(t.chargeToday).toBe(0);
    expect(t.charges).toEqual([{ amount: 990, first: 1, last: null, from: '2026-12-28' }]);
    expect(t.nextCharge).toEqual({ day: '2026-12-28', amount: 990 });
    expect(t.cancelBy).toBe('2026-12-27');
    const rows = texts(orderTermRows(i18nJa, t));
    expect(rows.charges).toBe('2026/12/27まで：無料（無料期間31日間）\n初回（2026/12/28）から毎回：¥990');
    expect(rows.today).toBe('¥0');
  });

  it('a used trial is not offered again: charged today', () => {
    expect(sub(termsOf({ ...base, freeTrialDays: 31 }, null, true)).chargeToday).toBe(990);
  });

  it('a free campaign and then a discount: the price steps follow the free days', () => {
    const free: Campaign = {
      code: 'FREE',
      name: { ja: '無料' },
      planIds: ['p'],
      campaignType: 'free',
      freeDays: 30,
      ...period,
      automatic: false,
    };
    const t = sub(termsOf(base, free));
    expect(t.free?.days).toBe(30);
    expect(t.charges).toEqual([{ amount: 990, first: 1, last: null, from: '2026-12-27' }]);
  });

  it('a discount for one payment (the first year of a yearly plan), then the list price', () => {
    const yearly: Plan = { ...base, price: 9800, renewSpan: 12 };
    const first: Campaign = { name: { ja: '初年度' }, planIds: ['p'], campaignType: 'discount', price: 7800, paymentCount: 1, ...period };
    const t = sub(termsOf(yearly, first));
    expect(t.charges).toEqual([
      { amount: 7800, first: 1, last: 1, from: '2026-11-27' },
      { amount: 9800, first: 2, last: null, from: '2027-11-27' },
    ]);
    expect(t.nextCharge).toEqual({ day: '2027-11-27', amount: 9800 });
    const rows = texts(orderTermRows(i18nEn, t));
    expect(rows.cycle).toBe('Renews automatically every year');
    expect(rows.charges).toBe('Payment 1 (2026/11/27): ¥7,800\nFrom payment 2 (2027/11/27) on: ¥9,800 each');
  });

  it('a discount on every payment (no count): one step at the campaign price', () => {
    const always: Campaign = { name: { ja: '会員価格' }, planIds: ['p'], campaignType: 'discount', price: 500, ...period };
    expect(sub(termsOf(base, always)).charges).toEqual([{ amount: 500, first: 1, last: null, from: '2026-11-27' }]);
  });

  it('a forced end of renewals: the contract period ends, and no charge after it', () => {
    const ending: Plan = { ...base, forceStopRenewDate: '2026-12-15T00:00:00+09:00' };
    const t = sub(termsOf(ending));
    expect(t.contractEnds).toBe('2026-12-15');
    expect(t.nextCharge).toBeNull();
    expect(t.cancelBy).toBeNull();
    expect(texts(orderTermRows(i18nJa, t)).period).toBe('2026/12/15まで（以降は更新されません）');
  });

  it('month ends: a payment on the 31st falls to the last day of shorter months', () => {
    expect(paymentDay('2026-01-31', 2, 1, 'month')).toBe('2026-02-28');
    expect(paymentDay('2026-01-31', 3, 1, 'month')).toBe('2026-03-31');
    expect(paymentDay('2026-01-31', 2, 1, 'day')).toBe('2026-02-01');
  });

  it('links the cancellation to My Page and names the act on the button', () => {
    const rows = orderTermRows(i18nJa, termsOf(base));
    expect(rows.find((r) => r.key === 'cancel')?.link?.path).toBe('/mypage/plans');
    expect(confirmButtonText(i18nJa, 'subscribe')).toBe('申し込みを確定する');
    expect(confirmButtonText(i18nEn, 'subscribe')).not.toMatch(/[ぁ-んァ-ン一-龯]/);
    expect(confirmButtonText(i18nJa, 'order')).toBe('注文を確定する');
  });

  it('says every cycle in both languages', () => {
    expect(cycleText(i18nJa, 3, 'month')).toBe('3か月ごと');
    expect(cycleText(i18nEn, 3, 'month')).toBe('every 3 months');
    expect(cycleText(i18nEn, 1, 'day')).toBe('every day');
    expect(cycleText(i18nJa, 12, 'month')).toBe('1年ごと');
  });
});

describe('orderTerms: one-time orders', () => {
  it('a rental: charged once today, watched for its window from the order', () => {
    const rental: Plan = { ...base, planType: 'rental', price: 440, rentalDays: 2 };
    const t = termsOf(rental) as OneTimeTerms;
    expect(t).toEqual({ kind: 'rental', amount: 440, viewing: { days: 2, until: '2026-11-29T02:00:00.000Z' }, offerEnds: null });
    const rows = texts(orderTermRows(i18nJa, t));
    expect(rows.viewing).toBe('ご注文の完了から2日間（2026/11/29 11:00まで）');
    expect(rows.charges).toBe('¥440（ご注文の確定時に1回のみ）');
    expect(texts(orderTermRows(i18nEn, t)).viewing).toBe('2 days from the order (until 2026/11/29 11:00)');
  });

  it('a purchase: no viewing limit; a code that makes it free charges nothing; a sales end is named', () => {
    const buy: Plan = { ...base, planType: 'purchase', price: 2500, salesEndDate: '2030-03-31T23:59:59+09:00' };
    const zero: Campaign = {
      code: 'FREE',
      name: { ja: '無料' },
      planIds: ['p'],
      campaignType: 'discount',
      price: 0,
      ...period,
      automatic: false,
    };
    const t = termsOf(buy, zero) as OneTimeTerms;
    expect(t).toEqual({ kind: 'purchase', amount: 0, viewing: null, offerEnds: '2030-03-31T23:59:59+09:00' });
    const rows = texts(orderTermRows(i18nJa, t));
    expect(rows.viewing).toBe('期限なし（いつでもご覧いただけます）');
    expect(rows.offer).toBe('2030/03/31 23:59まで');
    expect(rows.returns).toContain('キャンセル・返品はお受けできません');
  });

  it('every row has English text', () => {
    for (const plan of [
      base,
      { ...base, freeTrialDays: 7 },
      { ...base, planType: 'rental' as const },
      { ...base, planType: 'purchase' as const },
    ]) {
      for (const row of orderTermRows(i18nEn, termsOf(plan))) {
        expect(`${row.label} ${row.text} ${row.link?.label ?? ''}`, row.key).not.toMatch(/[ぁ-んァ-ン一-龯]/);
      }
    }
  });
});
