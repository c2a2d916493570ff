import { describe, expect, it } from 'vitest';
import { createI18n, loadCatalog } from '#client/i18n/setup.ts';
import type { ScreenData } from '#domain/screen-data.ts';
import { orderSummaryRows } from './order-summary-rows.ts';

await Promise.all([loadCatalog('ja'), loadCatalog('en')]);

type Confirm = ScreenData<'/plans/@planId/confirm'>;
const verification: Confirm['verification'] = {
  billingAmount: 440,
  firstPaymentDay: '2026-11-26',
  campaignId: null,
  campaignName: null,
  campaignDescription: null,
  campaignEndDate: null,
  campaignType: null,
  freeDays: 0,
  discountContinuationCount: null,
  subscriptionExpiration: null,
  isReContract: false,
  entitlementExpiration: null,
};
const confirm = (planType: 'subscription' | 'purchase' | 'rental') =>
  ({ plan: { planName: '見放題', planType }, verification }) as unknown as Confirm;
const labels = (rows: [string, string][]) => rows.map(([label]) => label);

describe('the order confirmation rows (issue 20.7)', () => {
  it('names the one plan "Plan" in English and プラン in Japanese', () => {
    expect(orderSummaryRows(createI18n('en'), confirm('subscription'), 'Visa')[0]).toEqual(['Plan', '見放題']);
    expect(orderSummaryRows(createI18n('ja'), confirm('subscription'), 'Visa')[0]).toEqual(['プラン', '見放題']);
  });

  it('leaves the days to the legal terms below (decision 0045): no first payment day among these rows', () => {
    const ja = createI18n('ja');
    expect(labels(orderSummaryRows(ja, confirm('subscription'), 'Visa'))).not.toContain('初回お支払い日');
    expect(labels(orderSummaryRows(ja, confirm('rental'), 'Visa'))).not.toContain('初回お支払い日');
    expect(labels(orderSummaryRows(createI18n('en'), confirm('rental'), 'Visa'))).toEqual([
      'Plan',
      'Payment method',
      'Amount (tax included)',
    ]);
  });
});
