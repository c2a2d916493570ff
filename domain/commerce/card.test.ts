import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardNumberMaxDigits,
  cardNumberMaxLength,
  cardNumberValid,
  cardState,
  EXPIRY_MONTHS,
  expiryEnd,
  expiryYears,
  formatCardNumber,
  formatExpiry,
  isExpired,
  luhnValid,
  securityCodeLength,
} from './card.ts';

const VISA = '4111111111111111';
const MASTER = '5555555555554444';
const AMEX = '378282246310005';
const JCB = '3530111333300000';
const DINERS = '30569309025904';

describe('luhnValid', () => {
  it('accepts the published test numbers of every brand', () => {
    for (const n of [VISA, MASTER, AMEX, JCB, DINERS, '4242424242424242', '371449635398431']) expect(luhnValid(n), n).toBe(true);
  });
  it('refuses a number with one digit changed, and non-digits', () => {
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('378282246310006')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4', 'V'],
    [VISA, 'V'],
    ['5', 'M'],
    [MASTER, 'M'],
    ['34', 'A'],
    ['37', 'A'],
    [AMEX, 'A'],
    ['35', 'J'],
    [JCB, 'J'],
    ['30', 'D'],
    ['36', 'D'],
    ['38', 'D'],
    [DINERS, 'D'],
    ['3', 'unknown'],
    ['31', 'unknown'],
    ['6011111111111117', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
  it('reads grouped and full-width input', () => {
    expect(cardBrand('3782 822463 10005')).toBe('A');
    expect(cardBrand('３５３０')).toBe('J');
  });
});

describe('maximum lengths', () => {
  it('is 17 for Amex, 16 for Diners, 19 otherwise (spaces of the grouping included)', () => {
    expect(cardNumberMaxLength('A')).toBe(17);
    expect(cardNumberMaxLength('D')).toBe(16);
    for (const b of ['V', 'M', 'J', 'unknown'] as const) expect(cardNumberMaxLength(b)).toBe(19);
  });
  it('leaves room for 15, 14 and 16 digits', () => {
    expect(cardNumberMaxDigits('A')).toBe(15);
    expect(cardNumberMaxDigits('D')).toBe(14);
    expect(cardNumberMaxDigits('V')).toBe(16);
  });
});

describe('formatCardNumber', () => {
  it('groups by 4 for Visa, Mastercard, JCB and unknown brands', () => {
    expect(formatCardNumber(VISA)).toBe('4111 1111 1111 1111');
    expect(formatCardNumber(MASTER)).toBe('5555 5555 5555 4444');
    expect(formatCardNumber(JCB)).toBe('3530 1113 3330 0000');
    expect(formatCardNumber('41111')).toBe('4111 1');
    expect(formatCardNumber('4111')).toBe('4111');
  });
  it('groups 4-6-rest for Amex and Diners', () => {
    expect(formatCardNumber(AMEX)).toBe('3782 822463 10005');
    expect(formatCardNumber(DINERS)).toBe('3056 930902 5904');
    expect(formatCardNumber('3782822')).toBe('3782 822');
  });
  it('drops anything but digits, reads full-width digits, and stops at the brand maximum', () => {
    expect(formatCardNumber('4111-1111 1111a1111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('４１１１１１１１')).toBe('4111 1111');
    expect(formatCardNumber(`${VISA}999`)).toBe('4111 1111 1111 1111');
    expect(formatCardNumber(`${AMEX}12`)).toBe('3782 822463 10005');
    expect(formatCardNumber(`${DINERS}12`)).toBe('3056 930902 5904');
    expect(formatCardNumber(formatCardNumber(AMEX)).length).toBe(17);
    expect(formatCardNumber('')).toBe('');
  });
});

describe('cardNumberValid', () => {
  it('accepts valid numbers, plain or grouped', () => {
    for (const n of [VISA, MASTER, AMEX, JCB, DINERS]) {
      expect(cardNumberValid(n), n).toBe(true);
      expect(cardNumberValid(formatCardNumber(n)), n).toBe(true);
    }
  });
  it('refuses a failed Luhn check', () => {
    expect(cardNumberValid('4111111111111112')).toBe(false);
  });
  it('refuses fewer than 14 characters or digits', () => {
    expect(cardNumberValid('4222222222222')).toBe(false); // 13 digits, Luhn-valid
    expect(cardNumberValid('4111 1111 1111')).toBe(false); // 14 characters, 12 digits
  });
  it('refuses more than the brand maximum length', () => {
    expect(cardNumberValid('4111 1111 1111 1111 1')).toBe(false);
    expect(cardNumberValid('3782 8224 6310 005')).toBe(false); // Amex grouped by 4: 18 characters
    expect(cardNumberValid('3056 9309 0259 04')).toBe(false); // Diners grouped by 4: 17 characters
  });
  it('refuses anything but half-width digits and spaces', () => {
    expect(cardNumberValid('4111-1111-1111-1111')).toBe(false);
    expect(cardNumberValid('４１１１１１１１１１１１１１１１')).toBe(false);
    expect(cardNumberValid('4111111111111111x')).toBe(false);
  });
});

describe('securityCodeLength', () => {
  it('is 4 for Amex and 3 for every other brand', () => {
    expect(securityCodeLength('A')).toBe(4);
    for (const b of ['V', 'M', 'J', 'D', 'unknown'] as const) expect(securityCodeLength(b)).toBe(3);
  });
});

describe('expiry', () => {
  it('offers months 01 to 12', () => {
    expect(EXPIRY_MONTHS).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
  });
  it('offers ten years from the current year in Japan', () => {
    expect(expiryYears(new Date('2026-06-01T00:00:00Z'))).toEqual([
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
      '2031',
      '2032',
      '2033',
      '2034',
      '2035',
    ]);
    // 31 December 15:00 UTC is already 1 January in Japan.
    expect(expiryYears(new Date('2026-12-31T15:00:00Z'))[0]).toBe('2027');
    expect(expiryYears(new Date('2026-12-31T14:59:59Z'))[0]).toBe('2026');
  });
  it('ends a card at the end of its month, JST', () => {
    expect(expiryEnd('202611').toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(expiryEnd('202612').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(isExpired('202611', new Date('2026-11-30T14:59:59Z'))).toBe(false);
    expect(isExpired('202611', new Date('2026-11-30T15:00:00Z'))).toBe(true);
    expect(isExpired('202610', new Date('2026-11-01T00:00:00Z'))).toBe(true);
  });
  it('formats YYYYMM as MM/YYYY', () => {
    expect(formatExpiry('203001')).toBe('01/2030');
  });
});

describe('cardState', () => {
  const now = new Date('2026-11-25T01:00:00Z');
  it('is expired once the expiry month has ended', () => {
    expect(cardState('202610', now)).toBe('expired');
    expect(cardState('202512', now)).toBe('expired');
  });
  it('is approaching expiry in the expiry month and the month before', () => {
    expect(cardState('202611', now)).toBe('expiring');
    expect(cardState('202612', now)).toBe('expiring');
  });
  it('is valid two months or more before', () => {
    expect(cardState('202701', now)).toBe('valid');
    expect(cardState('203012', now)).toBe('valid');
  });
  it('counts months across the year end, in JST', () => {
    const newYearJst = new Date('2026-12-31T15:30:00Z'); // 1 January 2027 in Japan
    expect(cardState('202612', newYearJst)).toBe('expired');
    expect(cardState('202702', newYearJst)).toBe('expiring');
    expect(cardState('202703', newYearJst)).toBe('valid');
  });
  it('treats a malformed expiry as expired (never usable)', () => {
    expect(cardState('202613', now)).toBe('expired');
    expect(cardState('', now)).toBe('expired');
  });
});
