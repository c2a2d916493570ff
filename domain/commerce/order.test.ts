import { describe, expect, it } from 'vitest';
import type { Campaign } from '#config-schema/plans.ts';
import { computeOrder, type OrderInput, type OrderPlan, verificationOf } from './order.ts';

const monthly: OrderPlan = {
  planId: 'monthly',
  planType: 'subscription',
  price: 990,
  freeTrialDays: 0,
  renewSpan: 1,
  renewSpanUnit: 'month',
  forceStopRenewDate: null,
  rentalDays: 2,
};
const trial: OrderPlan = { ...monthly, freeTrialDays: 31 };
const rental: OrderPlan = { ...monthly, planId: 'rental', planType: 'rental', price: 440, rentalDays: 7 };
const purchase: OrderPlan = { ...monthly, planId: 'buy', planType: 'purchase', price: 2500 };
const period = { startDate: '2026-04-01T00:00:00+09:00', endDate: '2026-12-31T23:59:59+09:00' };
const discount: Campaign = {
  code: 'WELCOME',
  automatic: false,
  name: { ja: '3ヶ月490円', en: '490 yen for 3 months' },
  description: { ja: '説明' },
  planIds: ['monthly'],
  campaignType: 'discount',
  price: 490,
  paymentCount: 3,
  ...period,
};
const free: Campaign = {
  code: 'FREE30',
  automatic: false,
  name: { ja: '30日無料' },
  planIds: ['monthly'],
  campaignType: 'free',
  freeDays: 30,
  ...period,
};

// 2026-01-31 10:00 JST
const now = new Date('2026-01-31T01:00:00Z');
const base: OrderInput = { plan: monthly, campaign: null, campaignId: null, freeTrialUsed: false, isReContract: false, now, lang: 'ja' };
const order = (over: Partial<OrderInput>) => computeOrder({ ...base, ...over });

describe('computeOrder: subscriptions', () => {
  it('no trial, no campaign: the price today, next settlement one span later (month end kept)', () => {
    expect(order({})).toEqual({
      billingAmount: 990,
      firstPaymentDay: '2026-01-31',
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
      chargeNow: 990,
      nextSettlementDay: '2026-02-28',
      usesFreeTrial: false,
      entitlementEnd: null,
    });
  });
  it("the plan's free trial: nothing today, the first payment after the free days", () => {
    const o = order({ plan: trial });
    expect(o).toMatchObject({
      freeDays: 31,
      firstPaymentDay: '2026-03-03',
      billingAmount: 990,
      chargeNow: 0,
      nextSettlementDay: '2026-03-03',
      usesFreeTrial: true,
    });
  });
  it('one free trial per member: a used trial is not given again', () => {
    expect(order({ plan: trial, freeTrialUsed: true })).toMatchObject({ freeDays: 0, chargeNow: 990, usesFreeTrial: false });
  });
  it('a free campaign replaces the plan trial days', () => {
    expect(order({ plan: trial, campaign: free, campaignId: 'FREE30' })).toMatchObject({
      freeDays: 30,
      campaignType: 'free',
      campaignId: 'FREE30',
      campaignName: '30日無料',
      campaignEndDate: '2026-12-31',
      discountContinuationCount: null,
      chargeNow: 0,
      firstPaymentDay: '2026-03-02',
    });
  });
  it('a discount campaign: the campaign price for N payments, in the viewer language', () => {
    expect(order({ campaign: discount, campaignId: 'WELCOME', lang: 'en' })).toMatchObject({
      billingAmount: 490,
      chargeNow: 490,
      campaignType: 'other',
      campaignName: '490 yen for 3 months',
      campaignDescription: '説明',
      discountContinuationCount: 3,
    });
  });
  it('a discount campaign with a trial plan: trial first, then the campaign price', () => {
    expect(order({ plan: trial, campaign: discount, campaignId: 'WELCOME' })).toMatchObject({
      freeDays: 31,
      billingAmount: 490,
      chargeNow: 0,
    });
  });
  it('subscriptionExpiration is the JST day of forceStopRenewDate', () => {
    expect(order({ plan: { ...monthly, forceStopRenewDate: '2027-03-31T15:30:00Z' } }).subscriptionExpiration).toBe('2027-04-01');
  });
  it('isReContract is carried', () => {
    expect(order({ isReContract: true }).isReContract).toBe(true);
  });
  it('weekly, daily and yearly spans', () => {
    expect(order({ plan: { ...monthly, renewSpanUnit: 'week' } }).nextSettlementDay).toBe('2026-02-07');
    expect(order({ plan: { ...monthly, renewSpanUnit: 'day' } }).nextSettlementDay).toBe('2026-02-01');
    expect(order({ plan: { ...monthly, renewSpan: 12 } }).nextSettlementDay).toBe('2027-01-31');
  });
});

describe('computeOrder: purchases and rentals', () => {
  it('a purchase: charged today, no expiry, no trial even with trial days set', () => {
    expect(order({ plan: { ...purchase, freeTrialDays: 10 } })).toMatchObject({
      billingAmount: 2500,
      chargeNow: 2500,
      freeDays: 0,
      entitlementExpiration: null,
      entitlementEnd: null,
      nextSettlementDay: null,
      subscriptionExpiration: null,
    });
  });
  it('a rental: the viewing window from now, shown', () => {
    expect(order({ plan: rental })).toMatchObject({
      entitlementExpiration: '2026-02-07T01:00:00.000Z',
      entitlementEnd: '2026-02-07T01:00:00.000Z',
    });
  });
  it('a rental window over 10 years away is hidden but kept', () => {
    const o = order({ plan: { ...rental, rentalDays: 365 * 11 } });
    expect(o.entitlementExpiration).toBeNull();
    expect(o.entitlementEnd).not.toBeNull();
  });
  it('a free campaign on a one-time product makes it free', () => {
    expect(order({ plan: rental, campaign: { ...free, planIds: ['rental'] }, campaignId: 'FREE30' })).toMatchObject({
      billingAmount: 0,
      chargeNow: 0,
      freeDays: 0,
    });
  });
  it('a 100 % discount code: nothing to pay', () => {
    expect(order({ plan: rental, campaign: { ...discount, price: 0, planIds: ['rental'] }, campaignId: 'Z' })).toMatchObject({
      billingAmount: 0,
      chargeNow: 0,
    });
  });
});

describe('verificationOf', () => {
  it('keeps exactly the spec fields', () => {
    expect(Object.keys(verificationOf(order({}))).sort()).toEqual(
      [
        'billingAmount',
        'campaignDescription',
        'campaignEndDate',
        'campaignId',
        'campaignName',
        'campaignType',
        'discountContinuationCount',
        'entitlementExpiration',
        'firstPaymentDay',
        'freeDays',
        'isReContract',
        'subscriptionExpiration',
      ].sort(),
    );
  });
});
