// Renewal dates (decision 0019; spec member area 4 "Subscription billing"). Days are JST calendar
// days 'YYYY-MM-DD'. Monthly and yearly renewals aim at the contract's anchor day: a month without
// it falls to its last day and the next month returns to it (Jan 31 -> Feb 28/29 -> Mar 31).
// The free trial is not applied on renewal: a renewal is always one span after the last one.
import { addDays, addMonths, jstDay } from '#domain/commerce/order-dates.ts';
import type { RenewSpanUnit } from '#domain/plan-price.ts';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

export type Span = { renewSpan: number; renewSpanUnit: RenewSpanUnit };

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The instant a JST day begins (00:00 +09:00). */
export function jstMidnight(day: string): Date {
  const t = Date.parse(`${day}T00:00:00+09:00`);
  if (Number.isNaN(t) || addDays(day, 0) !== day) throw new RangeError(`not a day: ${JSON.stringify(day)}`);
  return new Date(t);
}

/** The day of month of a JST day. */
export const dayOfMonth = (day: string): number => Number(day.slice(8, 10));

/**
 * The settlement day one span after `day`. Months and years: the target month's `anchorDay`, or
 * its last day when shorter. Days and weeks: plain calendar arithmetic (the anchor is unused).
 */
export function nextSettlementDay(day: string, anchorDay: number, span: Span): string {
  if (!Number.isInteger(span.renewSpan) || span.renewSpan < 1)
    throw new RangeError(`renewSpan must be a positive integer: ${span.renewSpan}`);
  if (!Number.isInteger(anchorDay) || anchorDay < 1 || anchorDay > 31) throw new RangeError(`anchorDay must be 1-31: ${anchorDay}`);
  switch (span.renewSpanUnit) {
    case 'day':
      return addDays(day, span.renewSpan);
    case 'week':
      return addDays(day, span.renewSpan * 7);
    case 'month':
    case 'year': {
      const months = span.renewSpanUnit === 'month' ? span.renewSpan : span.renewSpan * 12;
      const first = addMonths(`${day.slice(0, 8)}01`, months);
      const y = Number(first.slice(0, 4));
      const m = Number(first.slice(5, 7));
      return `${first.slice(0, 8)}${String(Math.min(anchorDay, daysInMonth(y, m))).padStart(2, '0')}`;
    }
  }
}

/** A settlement day is due from its JST midnight on. */
export function isDue(settlementDay: string, at: Date): boolean {
  return jstDay(at) >= settlementDay;
}

/**
 * The plan's force-stop date ends renewals: a settlement day that begins at or after it is not
 * charged, and the contract ends instead (it was paid up to the day before).
 */
export function renewalStopped(forceStopRenewDate: string | null | undefined, settlementDay: string): boolean {
  if (!forceStopRenewDate) return false;
  const stop = Date.parse(forceStopRenewDate);
  if (Number.isNaN(stop)) throw new RangeError(`not a date: ${JSON.stringify(forceStopRenewDate)}`);
  return jstMidnight(settlementDay).getTime() >= stop;
}

/** The last day of use of a period that ends when `nextSettlement` begins. */
export const lastDayBefore = (nextSettlement: string): string => addDays(nextSettlement, -1);

export { JST_OFFSET_MS, jstDay };
