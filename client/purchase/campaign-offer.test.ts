import { describe, expect, it } from 'vitest';
import { createI18n, loadCatalog } from '#client/i18n/setup.ts';
import { campaignOfferText } from './campaign-offer.ts';

await Promise.all([loadCatalog('ja'), loadCatalog('en')]);
const ja = createI18n('ja');

describe('the automatic campaign text of the purchase form (issue 20.7)', () => {
  const discount = { name: '最初の4週', campaignType: 'discount' as const, price: 165, paymentCount: 4, freeDays: null };
  it('a campaign price for some payments, for every one, and free days', () => {
    expect(campaignOfferText(ja, discount)).toBe('キャンペーン価格 ¥165（4回のお支払いまで）');
    expect(campaignOfferText(ja, { ...discount, paymentCount: null })).toBe('キャンペーン価格 ¥165');
    expect(campaignOfferText(ja, { ...discount, campaignType: 'free', price: null, freeDays: 30 })).toBe('30日間無料');
  });
  it('in English', () => {
    expect(campaignOfferText(createI18n('en'), discount)).toContain('165');
    expect(campaignOfferText(createI18n('en'), discount)).not.toMatch(/[\u3040-\u30ff]/);
  });
});
