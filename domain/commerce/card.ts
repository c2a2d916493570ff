// The card rules of the spec (public-area 5, member-area 5 "Card number", "Security code",
// "Expiry"; member-area 3 "Card states"), written once for the browser's card form and the server.
// Decision 0016 records the readings the spec leaves open (the state "approaching expiry", the
// minimum digit count).
import { toHalfWidthDigits } from '../validation/normalize.ts';
import type { CardFormValues } from './card-form.ts';

/** Card brand codes of the spec: V Visa, M Mastercard, A Amex, J JCB, D Diners, or unknown. */
export type CardBrandCode = 'V' | 'M' | 'A' | 'J' | 'D' | 'unknown';

export const CARD_NUMBER_MIN_LENGTH = 14;
/** Fewer digits than this is no card of any brand the stores accept (decision 0016). */
export const CARD_NUMBER_MIN_DIGITS = 14;
export const EXPIRY_YEAR_CHOICES = 10;

const JST_OFFSET_MS = 9 * 3_600_000;

/** The digits of a typed number: full-width digits count as digits, spaces are dropped. */
export function cardDigits(text: string): string {
  return toHalfWidthDigits(text).replace(/\s/g, '');
}

/** The brand by prefix: 4 Visa, 5 Mastercard, 34/37 Amex, 35 JCB, 30/36/38 Diners. */
export function cardBrand(number: string): CardBrandCode {
  const d = cardDigits(number);
  if (/^3[47]/.test(d)) return 'A';
  if (/^35/.test(d)) return 'J';
  if (/^3[068]/.test(d)) return 'D';
  if (d.startsWith('4')) return 'V';
  if (d.startsWith('5')) return 'M';
  return 'unknown';
}

/** The brand's display name (the same in every language). */
export const CARD_BRAND_NAMES: Readonly<Record<CardBrandCode, string>> = {
  V: 'Visa',
  M: 'Mastercard',
  A: 'American Express',
  J: 'JCB',
  D: 'Diners Club',
  unknown: '',
};

/** The group sizes of the display: 4-6-rest for Amex and Diners, 4s otherwise. */
function groups(brand: CardBrandCode): number[] {
  return brand === 'A' || brand === 'D' ? [4, 6, 5] : [4, 4, 4, 4];
}

/** The longest number the box takes, spaces of the grouped display included: 17 Amex, 16 Diners, else 19. */
export function cardNumberMaxLength(brand: CardBrandCode): number {
  if (brand === 'A') return 17;
  if (brand === 'D') return 16;
  return 19;
}

/** The most digits that fit in that length (15 Amex, 14 Diners, else 16). */
export function cardNumberMaxDigits(brand: CardBrandCode): number {
  return cardNumberMaxLength(brand) - (groups(brand).length - 1);
}

/**
 * The typed number as the box shows it: digits only, grouped by brand (4 4 4 4, or 4 6 rest for
 * Amex and Diners), cut at the brand's maximum.
 */
export function formatCardNumber(text: string): string {
  const digits = toHalfWidthDigits(text).replace(/\D/g, '');
  const brand = cardBrand(digits);
  const kept = digits.slice(0, cardNumberMaxDigits(brand));
  const parts: string[] = [];
  let at = 0;
  for (const size of groups(brand)) {
    if (at >= kept.length) break;
    parts.push(kept.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** The Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/**
 * Whether the typed number is a card number: 14 to 19 characters (at most the brand's maximum
 * length), half-width digits and spaces only, at least 14 digits, and the Luhn check.
 */
export function cardNumberValid(text: string): boolean {
  if (!/^[\d ]+$/.test(text)) return false;
  const brand = cardBrand(text);
  if (text.length < CARD_NUMBER_MIN_LENGTH || text.length > cardNumberMaxLength(brand)) return false;
  const digits = cardDigits(text);
  return digits.length >= CARD_NUMBER_MIN_DIGITS && luhnValid(digits);
}

/** The security code's length: 4 for Amex, 3 otherwise. */
export function securityCodeLength(brand: CardBrandCode): 3 | 4 {
  return brand === 'A' ? 4 : 3;
}

/** The year and month (1-12) in Japan at `now`. */
export function jstYearMonth(now: Date): { year: number; month: number } {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  return { year: jst.getUTCFullYear(), month: jst.getUTCMonth() + 1 };
}

/** The ten expiry years offered: the current year in Japan and the nine after it ('YYYY'). */
export function expiryYears(now: Date): string[] {
  const { year } = jstYearMonth(now);
  return Array.from({ length: EXPIRY_YEAR_CHOICES }, (_, i) => String(year + i));
}

export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** The first instant after a card's expiry month ends (midnight JST of the next month's first day). */
export function expiryEnd(expireDate: string): Date {
  const year = Number(expireDate.slice(0, 4));
  const month = Number(expireDate.slice(4, 6));
  return new Date(Date.UTC(year, month, 1) - JST_OFFSET_MS);
}

/** A card is past when the end of its expiry month (JST) is before now. */
export function isExpired(expireDate: string, now: Date): boolean {
  return expiryEnd(expireDate).getTime() <= now.getTime();
}

export type CardState = 'valid' | 'expiring' | 'expired';

/**
 * The card state shown in the list: expired once its month has ended; approaching expiry
 * ('expiring') while its expiry month is the current month or the next one (JST), so the member
 * has a whole month's notice; valid otherwise (decision 0016).
 */
export function cardState(expireDate: string, now: Date): CardState {
  if (!/^\d{4}(0[1-9]|1[0-2])$/.test(expireDate)) return 'expired';
  if (isExpired(expireDate, now)) return 'expired';
  const { year, month } = jstYearMonth(now);
  const monthsLeft = (Number(expireDate.slice(0, 4)) - year) * 12 + (Number(expireDate.slice(4, 6)) - month);
  return monthsLeft <= 1 ? 'expiring' : 'valid';
}

/** 'MM/YYYY' of a YYYYMM expiry, as the list shows it. */
export function formatExpiry(expireDate: string): string {
  return `${expireDate.slice(4, 6)}/${expireDate.slice(0, 4)}`;
}

/** The card form's starting values (its schema, card-form.ts, loads when the form is first checked). */
export const emptyCardForm: CardFormValues = { cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '' };
