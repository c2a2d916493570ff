import { describe, expect, it } from 'vitest';
import { fieldIssues } from '../validation/issues.ts';
import { formatMessage } from '../validation/messages.ts';
import { cardFormSchema } from './card-form.ts';

const now = new Date('2026-11-25T01:00:00Z');
const schema = cardFormSchema(now);
const good = { cardNumber: '4111 1111 1111 1111', expiryMonth: '12', expiryYear: '2028', securityCode: '123' };

function keys(values: Record<string, unknown>) {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldIssues(result.error)).map(([f, list]) => [f, list.map((i) => i.key)]));
}

describe('cardFormSchema', () => {
  it('passes a good card and gives the digits only', () => {
    expect(schema.parse(good)).toEqual({ cardNumber: '4111111111111111', expiryMonth: '12', expiryYear: '2028', securityCode: '123' });
  });

  it('passes an Amex with a 4-digit code, and a Diners with 3', () => {
    expect(keys({ ...good, cardNumber: '3782 822463 10005', securityCode: '1234' })).toEqual({});
    expect(keys({ ...good, cardNumber: '3056 930902 5904', securityCode: '123' })).toEqual({});
  });

  it('asks for every field of an empty form', () => {
    expect(keys({ cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '' })).toEqual({
      cardNumber: ['card.numberRequired'],
      expiryMonth: ['card.expiryMonthRequired'],
      expiryYear: ['card.expiryYearRequired'],
      securityCode: ['card.securityCodeRequired'],
    });
  });

  it("refuses a bad number with the spec's text", () => {
    for (const cardNumber of ['4111 1111 1111 1112', '4111-1111-1111-1111', '4111 1111 11', '4111 1111 1111 1111 1']) {
      expect(keys({ ...good, cardNumber }), cardNumber).toEqual({ cardNumber: ['card.numberInvalid'] });
    }
    expect(formatMessage('card.numberInvalid')).toBe('無効なクレジットカード番号です。');
  });

  it('asks 3 digits of a Visa and 4 of an Amex', () => {
    expect(keys({ ...good, securityCode: '1234' })).toEqual({ securityCode: ['card.securityCodeThree'] });
    expect(keys({ ...good, securityCode: '12a' })).toEqual({ securityCode: ['card.securityCodeThree'] });
    expect(keys({ ...good, cardNumber: '378282246310005', securityCode: '123' })).toEqual({ securityCode: ['card.securityCodeFour'] });
  });

  it('reads a full-width security code', () => {
    expect(schema.parse({ ...good, securityCode: '１２３' }).securityCode).toBe('123');
  });

  it('takes only the ten years from the current one and the months 01-12', () => {
    expect(keys({ ...good, expiryYear: '2025' })).toEqual({ expiryYear: ['common.invalidOption'] });
    expect(keys({ ...good, expiryYear: '2036' })).toEqual({ expiryYear: ['common.invalidOption'] });
    expect(keys({ ...good, expiryYear: '2035' })).toEqual({});
    expect(keys({ ...good, expiryMonth: '13' })).toEqual({ expiryMonth: ['common.invalidOption'] });
    expect(keys({ ...good, expiryMonth: '1' })).toEqual({ expiryMonth: ['common.invalidOption'] });
  });

  it('refuses a month in the past, and takes the current month (valid to its end)', () => {
    expect(keys({ ...good, expiryYear: '2026', expiryMonth: '10' })).toEqual({ expiryMonth: ['card.expired'] });
    expect(keys({ ...good, expiryYear: '2026', expiryMonth: '11' })).toEqual({});
  });

  it('refuses a body that is not an object or has wrong types', () => {
    expect(schema.safeParse(null).success).toBe(false);
    expect(keys({ ...good, cardNumber: 4111111111111111 })).toEqual({ cardNumber: ['common.invalid'] });
  });
});
