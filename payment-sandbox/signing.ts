// Secrets of the sandbox. Each merchant (one per store) has its own API secret and its own key for
// the signed results, both derived from the sandbox's master secret, so the sandbox needs no list
// of merchants and the store's adapter computes the same values from the same master secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const merchantApiSecret = (master: string, merchantId: string) =>
  createHmac('sha256', master).update(`api:${merchantId}`).digest('base64url');

export const merchantResultKey = (master: string, merchantId: string) =>
  createHmac('sha256', master).update(`result:${merchantId}`).digest('base64url');

/**
 * The fields of a signed result, in signing order. Only these are signed and read: other query
 * parameters of the store's returnUrl travel beside them untouched.
 */
export const RESULT_PURPOSES = ['register', 'charge', 'challenge'] as const;
export type ResultPurpose = (typeof RESULT_PURPOSES)[number];

export const RESULT_FIELDS = [
  'agreementRef',
  'amount',
  'authorizationRef',
  'customerRef',
  'expiresAt',
  'label',
  'merchantId',
  'methodType',
  'nonce',
  'outcome',
  'purpose',
  'redirectRef',
] as const;

/**
 * The signed text: the JSON of the present fields as `[name, value]` pairs, in name order. JSON
 * quotes and escapes every value, so no value can carry a field boundary: a newline or a quote in
 * one value cannot make it read as two fields, or two fields as one (lines of `name=value` could).
 */
export function signedText(fields: Record<string, string>): string {
  return JSON.stringify(RESULT_FIELDS.filter((k) => fields[k] !== undefined).map((k) => [k, fields[k]]));
}

/** HMAC-SHA256 of the signed text under the merchant's result key. */
export function signFields(key: string, fields: Record<string, string>): string {
  return createHmac('sha256', key).update(signedText(fields)).digest('base64url');
}

/** A value no genuine result holds: a control character (a line break among them). */
export const hasControlCharacter = (value: string) =>
  [...value].some((ch) => {
    const c = ch.charCodeAt(0);
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
  });

/** The expiry of a result in epoch milliseconds, or null when it is not a plain whole number (then it counts as expired). */
export function expiryOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
