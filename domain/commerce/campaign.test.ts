import { describe, expect, it } from 'vitest';
import type { Campaign } from '#config-schema/plans.ts';
import {
  acceptsCampaignCode,
  type CampaignInput,
  campaignIdOf,
  campaignOpen,
  isFullDiscount,
  payableByCodeAlone,
  resolveCampaign,
} from './campaign.ts';

const period = { startDate: '2026-04-01T00:00:00+09:00', endDate: '2026-12-31T23:59:59+09:00' };
const discount: Campaign = {
  code: 'WELCOME',
  automatic: false,
  name: { ja: '割引' },
  planIds: ['monthly'],
  campaignType: 'discount',
  price: 490,
  paymentCount: 3,
  ...period,
};
const free: Campaign = {
  code: 'FREE30',
  automatic: false,
  name: { ja: '無料' },
  planIds: ['monthly', 'rental'],
  campaignType: 'free',
  freeDays: 30,
  ...period,
};
const zero: Campaign = {
  code: 'ZERO',
  automatic: false,
  name: { ja: '100%' },
  planIds: ['rental'],
  campaignType: 'discount',
  price: 0,
  ...period,
};
const auto: Campaign = { automatic: true, name: { ja: '自動' }, planIds: ['monthly'], campaignType: 'discount', price: 500, ...period };
const autoFree: Campaign = { automatic: true, name: { ja: '自動無料' }, planIds: ['yearly'], campaignType: 'free', freeDays: 7, ...period };

const now = new Date('2026-06-01T03:00:00Z');
const base: CampaignInput = {
  campaigns: [discount, free, zero, auto, autoFree],
  planId: 'monthly',
  planPrice: 990,
  code: '',
  campaignCodeMethod: false,
  freeTrialUsed: false,
  now,
};
const resolve = (over: Partial<CampaignInput>) => resolveCampaign({ ...base, ...over });

describe('resolveCampaign', () => {
  it('a typed code finds its campaign, without regard to case or surrounding spaces', () => {
    expect(resolve({ code: 'WELCOME' })).toEqual({ ok: true, campaign: discount });
    expect(resolve({ code: ' welcome ' })).toEqual({ ok: true, campaign: discount });
  });
  it('no code: the automatic campaign of the plan, else none', () => {
    expect(resolve({ code: '' })).toEqual({ ok: true, campaign: auto });
    expect(resolve({ code: null, planId: 'rental' })).toEqual({ ok: true, campaign: null });
  });
  it('a typed code wins over the automatic campaign', () => {
    expect(resolve({ code: 'FREE30' })).toEqual({ ok: true, campaign: free });
  });
  it('an automatic campaign outside its period does not apply', () => {
    expect(resolve({ now: new Date('2027-01-01T00:00:00+09:00') })).toEqual({ ok: true, campaign: null });
    expect(resolve({ now: new Date('2026-03-31T23:59:59+09:00') })).toEqual({ ok: true, campaign: null });
  });
  it('an automatic free campaign is skipped once the free trial is used', () => {
    expect(resolve({ planId: 'yearly' })).toEqual({ ok: true, campaign: autoFree });
    expect(resolve({ planId: 'yearly', freeTrialUsed: true })).toEqual({ ok: true, campaign: null });
  });
  it('the CampaignCode method needs a code', () => {
    expect(resolve({ code: '  ', campaignCodeMethod: true })).toEqual({ ok: false, refusal: 'codeRequired' });
  });
  it('a code of other than half-width letters and digits, or too long, is refused before the lookup', () => {
    for (const code of ['WEL-COME', 'ＷＥＬＣＯＭＥ', 'wel come', 'ウェルカム', 'A'.repeat(33)]) {
      expect(resolve({ code })).toEqual({ ok: false, refusal: 'codeInvalidChars' });
    }
  });
  it('an unknown code', () => {
    expect(resolve({ code: 'NOPE' })).toEqual({ ok: false, refusal: 'codeUnknown' });
  });
  it('a code for another plan, before its start or after its end, cannot be applied', () => {
    expect(resolve({ code: 'ZERO' })).toEqual({ ok: false, refusal: 'notApplicable' });
    expect(resolve({ code: 'WELCOME', now: new Date('2026-03-31T14:59:59Z') })).toEqual({ ok: false, refusal: 'notApplicable' });
    expect(resolve({ code: 'WELCOME', now: new Date('2026-12-31T15:00:00Z') })).toEqual({ ok: false, refusal: 'notApplicable' });
  });
  it('the first and the last second of the period are inside', () => {
    expect(resolve({ code: 'WELCOME', now: new Date('2026-03-31T15:00:00Z') }).ok).toBe(true);
    expect(resolve({ code: 'WELCOME', now: new Date('2026-12-31T14:59:59Z') }).ok).toBe(true);
  });
  it('a free campaign code is refused once the member had a free trial in this store', () => {
    expect(resolve({ code: 'FREE30', freeTrialUsed: true })).toEqual({ ok: false, refusal: 'freeTrialUsed' });
  });
  it('the CampaignCode method needs a campaign that leaves nothing to pay', () => {
    expect(resolve({ code: 'WELCOME', campaignCodeMethod: true })).toEqual({ ok: false, refusal: 'notFullDiscount' });
    expect(resolve({ code: 'ZERO', planId: 'rental', campaignCodeMethod: true })).toEqual({ ok: true, campaign: zero });
    expect(resolve({ code: 'FREE30', campaignCodeMethod: true })).toEqual({ ok: true, campaign: free });
  });
});

describe('campaign helpers', () => {
  it('campaignOpen includes both ends', () => {
    expect(campaignOpen(period, new Date(period.startDate))).toBe(true);
    expect(campaignOpen(period, new Date(period.endDate))).toBe(true);
    expect(campaignOpen(period, new Date(Date.parse(period.endDate) + 1))).toBe(false);
  });
  it('isFullDiscount: free, or a price of 0; with no campaign only a free plan', () => {
    expect(isFullDiscount(free, 990)).toBe(true);
    expect(isFullDiscount(zero, 990)).toBe(true);
    expect(isFullDiscount(discount, 990)).toBe(false);
    expect(isFullDiscount(null, 0)).toBe(true);
    expect(isFullDiscount(null, 1)).toBe(false);
  });
  it('campaignIdOf: the code, or auto-<index>', () => {
    expect(campaignIdOf(discount, base.campaigns)).toBe('WELCOME');
    expect(campaignIdOf(auto, base.campaigns)).toBe('auto-3');
  });
});

describe('the purchase form’s code choices (issue 20.1)', () => {
  const all = [discount, free, zero, auto, autoFree];
  it('asks for a code only on a plan with a code campaign open now', () => {
    expect(acceptsCampaignCode(all, 'monthly', now)).toBe(true);
    expect(acceptsCampaignCode(all, 'rental', now)).toBe(true);
    // yearly has only an automatic campaign; weekly none at all.
    expect(acceptsCampaignCode(all, 'yearly', now)).toBe(false);
    expect(acceptsCampaignCode(all, 'weekly', now)).toBe(false);
    expect(acceptsCampaignCode(all, 'monthly', new Date('2027-01-01T00:00:00+09:00'))).toBe(false);
  });
  it('offers paying by a code alone only where a code leaves nothing to pay', () => {
    expect(payableByCodeAlone(all, 'rental', 440, now)).toBe(true);
    expect(payableByCodeAlone(all, 'monthly', 990, now)).toBe(true);
    expect(payableByCodeAlone([discount], 'monthly', 990, now)).toBe(false);
    expect(payableByCodeAlone(all, 'yearly', 9900, now)).toBe(false);
  });
});
