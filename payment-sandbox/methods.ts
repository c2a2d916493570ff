// The redirect methods the sandbox plays: carrier billing (docomo, au, SoftBank, Y!mobile, PayPay)
// and PayPal. The names are the store settings' payment method types.
import { createHash } from 'node:crypto';

export const REDIRECT_METHODS: Record<string, { name: string; kind: 'carrier' | 'paypal' }> = {
  PaypalNvp: { name: 'PayPal', kind: 'paypal' },
  PaypalRest: { name: 'PayPal', kind: 'paypal' },
  SbpsAuSimple: { name: 'au', kind: 'carrier' },
  SbpsAuone: { name: 'au', kind: 'carrier' },
  SbpsDocomo: { name: 'docomo', kind: 'carrier' },
  SbpsPaypay: { name: 'PayPay', kind: 'carrier' },
  SbpsSoftbank: { name: 'SoftBank', kind: 'carrier' },
  SbpsSoftbankYahoo: { name: 'Y!mobile', kind: 'carrier' },
};

/** What the member recognises: a masked phone number for a carrier, a masked address for PayPal. */
export function accountLabel(methodType: string, customerRef: string): string {
  const method = REDIRECT_METHODS[methodType];
  const digits = createHash('sha256').update(customerRef).digest().readUInt32BE(0).toString().padStart(4, '0').slice(-4);
  if (!method) return '';
  return method.kind === 'paypal' ? `s****${digits}@example.com` : `${method.name} 090-****-${digits}`;
}
