import { describe, expect, it } from 'vitest';
import { fieldIssues } from '#domain/validation/issues.ts';
import { firstPaymentChoice } from './payment-choice.ts';
import { purchaseBodySchema, purchaseFormSchema } from './purchase-input.ts';

const keysOf = (value: unknown) => {
  const r = purchaseFormSchema.safeParse(value);
  return r.success ? {} : Object.fromEntries(Object.entries(fieldIssues(r.error)).map(([f, list]) => [f, list[0]?.key]));
};

describe('purchaseFormSchema', () => {
  it('trims and defaults the fields', () => {
    expect(purchaseFormSchema.parse({ paymentMethodId: ' pm-1 ', campaignCode: ' Abc123 ' })).toEqual({
      planId: '',
      paymentMethodId: 'pm-1',
      campaignCode: 'Abc123',
    });
    expect(purchaseFormSchema.parse({})).toEqual({ planId: '', paymentMethodId: '', campaignCode: '' });
  });
  it('a campaign code of half-width letters and digits only', () => {
    expect(keysOf({ campaignCode: 'ABC-1' })).toEqual({ campaignCode: 'campaignCode.invalidChars' });
    expect(keysOf({ campaignCode: 'ＡＢＣ' })).toEqual({ campaignCode: 'campaignCode.invalidChars' });
    expect(keysOf({ campaignCode: 'A'.repeat(33) })).toEqual({ campaignCode: 'campaignCode.invalidChars' });
    expect(keysOf({ campaignCode: 'A'.repeat(32) })).toEqual({});
  });
  it("the CampaignCode method needs a code ('キャンペーンコードを入力してください')", () => {
    expect(keysOf({ paymentMethodId: 'CampaignCode', campaignCode: '  ' })).toEqual({ campaignCode: 'campaignCode.required' });
    expect(keysOf({ paymentMethodId: 'CampaignCode', campaignCode: 'FREE' })).toEqual({});
  });
  it('wrong JSON types are invalid, not crashes', () => {
    expect(keysOf({ paymentMethodId: 5, campaignCode: ['x'] })).toEqual({
      paymentMethodId: 'common.invalid',
      campaignCode: 'common.invalid',
    });
  });
});

describe('purchaseBodySchema', () => {
  it('needs a token; 3-D Secure tokens are optional', () => {
    expect(purchaseBodySchema.safeParse({ purchaseToken: 'abc' }).success).toBe(true);
    expect(purchaseBodySchema.safeParse({ purchaseToken: '' }).success).toBe(false);
    expect(purchaseBodySchema.safeParse({}).success).toBe(false);
    expect(purchaseBodySchema.safeParse({ purchaseToken: 'a', tds2infoToken: 't', tds2infoTokenKey: 'k' }).success).toBe(true);
  });
});

describe('firstPaymentChoice', () => {
  it('a registered method first, then the card form, then a redirect; the code alone last', () => {
    expect(firstPaymentChoice(['pm-1'], 'new-card', ['SbpsDocomo'])).toBe('pm-1');
    expect(firstPaymentChoice([], 'new-card', ['CampaignCode', 'SbpsDocomo'])).toBe('new-card');
    expect(firstPaymentChoice([], null, ['CampaignCode', 'SbpsDocomo'])).toBe('SbpsDocomo');
    expect(firstPaymentChoice([], null, ['CampaignCode'])).toBe('CampaignCode');
    expect(firstPaymentChoice([], null, [])).toBe('');
  });
});
