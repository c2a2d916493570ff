import { describe, expect, it } from 'vitest';
import { addableTypes, addKind, creditBodySchema, linkBodySchema } from './payment-methods.ts';

describe('addKind', () => {
  it('adds a card by the form, carriers by a link, PayPal by its redirect, and keeps no campaign code', () => {
    expect(addKind('SbpsCredit')).toBe('card');
    for (const t of ['SbpsAuSimple', 'SbpsAuone', 'SbpsDocomo', 'SbpsPaypay', 'SbpsSoftbank', 'SbpsSoftbankYahoo'] as const)
      expect(addKind(t), t).toBe('link');
    expect(addKind('PaypalRest')).toBe('paypal');
    expect(addKind('PaypalNvp')).toBe('paypal');
    expect(addKind('CampaignCode')).toBeNull();
  });
});

describe('addableTypes', () => {
  it("keeps the store's order and leaves out the campaign code", () => {
    expect(addableTypes(['PaypalRest', 'CampaignCode', 'SbpsCredit', 'SbpsDocomo'])).toEqual(['PaypalRest', 'SbpsCredit', 'SbpsDocomo']);
    expect(addableTypes(['CampaignCode'])).toEqual([]);
    expect(addableTypes([])).toEqual([]);
  });
});

describe('creditBodySchema', () => {
  const good = { token: 'tok_1', tokenKey: 'key', tds2infoToken: 'tds', tds2infoTokenKey: 'tdskey' };
  it('takes the four tokens', () => {
    expect(creditBodySchema.parse(good)).toEqual(good);
  });
  it('refuses a missing, empty, too long, or non-printable token', () => {
    expect(creditBodySchema.safeParse({ ...good, tokenKey: undefined }).success).toBe(false);
    expect(creditBodySchema.safeParse({ ...good, token: '  ' }).success).toBe(false);
    expect(creditBodySchema.safeParse({ ...good, token: 'x'.repeat(1025) }).success).toBe(false);
    expect(creditBodySchema.safeParse({ ...good, token: 'a b' }).success).toBe(false);
    expect(creditBodySchema.safeParse({ ...good, token: 'トークン' }).success).toBe(false);
    expect(creditBodySchema.safeParse({ ...good, token: 1 }).success).toBe(false);
  });
});

describe('linkBodySchema', () => {
  it('takes a payment method type and nothing else', () => {
    expect(linkBodySchema.parse({ paymentMethodType: 'SbpsDocomo' })).toEqual({ paymentMethodType: 'SbpsDocomo' });
    expect(linkBodySchema.safeParse({ paymentMethodType: 'Cash' }).success).toBe(false);
    expect(linkBodySchema.safeParse({}).success).toBe(false);
  });
});
