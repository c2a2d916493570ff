import { describe, expect, it } from 'vitest';
import { brandOf, luhnValid, TEST_CARDS } from './cards.ts';
import { checkCard } from './tokenize.ts';

// The browser tokenisation's answers: the spec's 5-character codes (kind + field).
const NOW = new Date('2026-11-25T03:00:00Z'); // 2026-11 in Japan
const good = {
  merchantId: 'store-a',
  serviceId: '001',
  cardNumber: '4111111111111111',
  expiryYear: '2028',
  expiryMonth: '12',
  securityCode: '123',
};
const code = (edit: Partial<Record<keyof typeof good, unknown>>) => {
  const r = checkCard({ ...good, ...edit }, NOW);
  return r.ok ? 'ok' : r.code;
};

describe('card tokenisation codes', () => {
  it('accepts a good card, with spaces or hyphens in the number and a 2-digit year', () => {
    expect(checkCard(good, NOW)).toEqual({
      ok: true,
      merchantId: 'store-a',
      card: { number: '4111111111111111', brand: 'V', expireDate: '202812', securityCode: '123' },
    });
    expect(code({ cardNumber: '4111 1111-1111 1111', expiryYear: '28', expiryMonth: '1' })).toBe('ok');
  });

  it.each([
    ['merchant ID missing', { merchantId: '' }, '03001'],
    ['merchant ID with bad characters', { merchantId: 'a b' }, '04001'],
    ['merchant ID too long', { merchantId: 'a'.repeat(65) }, '05001'],
    ['service ID missing', { serviceId: undefined }, '03002'],
    ['service ID not digits', { serviceId: 'abc' }, '04002'],
    ['service ID wrong length', { serviceId: '0001' }, '05002'],
    ['service ID unknown', { serviceId: '002' }, '07002'],
    ['card number missing', { cardNumber: '' }, '03003'],
    ['card number not digits', { cardNumber: '4111x11111111111' }, '04003'],
    ['card number too short', { cardNumber: '411111111111' }, '05003'],
    ['Visa with 15 digits', { cardNumber: '411111111111111' }, '05003'],
    ['card number fails Luhn', { cardNumber: '4111111111111112' }, '07003'],
    ['unknown brand', { cardNumber: '9111111111111111' }, '07003'],
    ['expiry missing', { expiryMonth: '' }, '03004'],
    ['expiry not digits', { expiryYear: '20x8' }, '04004'],
    ['month 13', { expiryMonth: '13' }, '04004'],
    ['year of 3 digits', { expiryYear: '028' }, '05004'],
    ['expiry in the past', { expiryYear: '2026', expiryMonth: '10' }, '07004'],
    ['security code missing', { securityCode: '' }, '03005'],
    ['security code not digits', { securityCode: '12a' }, '04005'],
    ['security code of 4 digits for Visa', { securityCode: '1234' }, '05005'],
    ['security code of 3 digits for Amex', { cardNumber: '378282246310005', securityCode: '123' }, '05005'],
    ['the system-error test card', { cardNumber: '4000000000000119' }, '99006'],
  ])('%s -> %s', (_label, edit, expected) => {
    expect(code(edit)).toBe(expected);
  });

  it('accepts the current month (valid to its end) and an Amex with 4 digits', () => {
    expect(code({ expiryYear: '2026', expiryMonth: '11' })).toBe('ok');
    expect(code({ cardNumber: '378282246310005', securityCode: '1234' })).toBe('ok');
  });
});

describe('published test cards', () => {
  it.each(TEST_CARDS)('$number is Luhn-valid and of its brand ($note)', (card) => {
    expect(luhnValid(card.number)).toBe(true);
    expect(brandOf(card.number)).toBe(card.brand);
  });
});
