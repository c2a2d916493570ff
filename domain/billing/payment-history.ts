// The payment history of My Page (member-area 2 "Payment history", 9 "Order history: up to 1
// year"; decision 0020): paged newest first, one year back.
import { addMonths, jstDay } from '#domain/commerce/order-dates.ts';

/** Entries per page of GET /zapi/account/payment-history/{page}. */
export const PAYMENT_HISTORY_PER_PAGE = 10;

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * The first instant the history shows: 00:00 JST of the same calendar day one year before today
 * (29 February falls to 28 February), so "one year" is twelve whole months of days plus today.
 */
export function historyStart(now: Date): Date {
  const day = addMonths(jstDay(now), -12);
  return new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);
}

/** The page number of the path: a positive whole number, else null (the call answers 400). */
export function historyPage(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}
