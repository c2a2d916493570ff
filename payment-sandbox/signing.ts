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

/** HMAC-SHA256 over the result's fields present, in name order, as `name=value` lines. */
export function signFields(key: string, fields: Record<string, string>): string {
  const text = RESULT_FIELDS.filter((k) => fields[k] !== undefined)
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
