// The browser tokenisation's checks, with the spec's 5-character codes: kind (03 required,
// 04 invalid, 05 wrong length, 07 invalid, 99 system error) + field (001 merchant ID, 002 service
// ID, 003 card number, 004 expiry, 005 security code, 006 none).
import { type Brand, behaviourOf, brandOf, LENGTHS, luhnValid } from './cards.ts';

export type TokenInput = {
  merchantId?: unknown;
  serviceId?: unknown;
  cardNumber?: unknown;
  expiryYear?: unknown;
  expiryMonth?: unknown;
  securityCode?: unknown;
};

export type CheckedCard = { number: string; brand: Brand; expireDate: string; securityCode: string };

/** The one service ID the sandbox knows. */
export const SERVICE_ID = '001';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function checkCard(input: TokenInput, now: Date): { ok: true; card: CheckedCard; merchantId: string } | { ok: false; code: string } {
  const merchantId = text(input.merchantId);
  if (!merchantId) return { ok: false, code: '03001' };
  if (!/^[A-Za-z0-9_-]+$/.test(merchantId)) return { ok: false, code: '04001' };
  if (merchantId.length > 64) return { ok: false, code: '05001' };
  const serviceId = text(input.serviceId);
  if (!serviceId) return { ok: false, code: '03002' };
  if (!/^\d+$/.test(serviceId)) return { ok: false, code: '04002' };
  if (serviceId.length !== 3) return { ok: false, code: '05002' };
  if (serviceId !== SERVICE_ID) return { ok: false, code: '07002' };

  const number = text(input.cardNumber).replace(/[\s-]/g, '');
  if (!number) return { ok: false, code: '03003' };
  if (!/^\d+$/.test(number)) return { ok: false, code: '04003' };
  const brand = brandOf(number);
  if (number.length < 14 || number.length > 16 || (brand && !LENGTHS[brand].includes(number.length))) return { ok: false, code: '05003' };
  if (!brand || !luhnValid(number)) return { ok: false, code: '07003' };

  const yearText = text(input.expiryYear);
  const monthText = text(input.expiryMonth);
  if (!yearText || !monthText) return { ok: false, code: '03004' };
  if (!/^\d+$/.test(yearText) || !/^\d+$/.test(monthText)) return { ok: false, code: '04004' };
  if ((yearText.length !== 2 && yearText.length !== 4) || monthText.length > 2) return { ok: false, code: '05004' };
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const month = Number(monthText);
  if (month < 1 || month > 12) return { ok: false, code: '04004' };
  // Valid through the end of its month, in Japan time.
  const jst = new Date(now.getTime() + 9 * 3600_000);
  const current = jst.getUTCFullYear() * 12 + jst.getUTCMonth();
  const expiry = year * 12 + (month - 1);
  if (expiry < current || expiry > current + 12 * 20) return { ok: false, code: '07004' };

  const securityCode = text(input.securityCode);
  if (!securityCode) return { ok: false, code: '03005' };
  if (!/^\d+$/.test(securityCode)) return { ok: false, code: '04005' };
  if (securityCode.length !== (brand === 'A' ? 4 : 3)) return { ok: false, code: '05005' };

  if (behaviourOf(number) === 'token_system_error') return { ok: false, code: '99006' };
  return { ok: true, merchantId, card: { number, brand, expireDate: `${year}${String(month).padStart(2, '0')}`, securityCode } };
}
