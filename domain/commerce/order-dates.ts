// Calendar days of orders and contracts, in Japan time (spec 1: JST), as 'YYYY-MM-DD'.
// Months are added on the calendar: a day the target month lacks falls to its last day
// (spec 9: "monthly billing on a missing day falls to the last day of the month").
import type { RenewSpanUnit } from '#domain/plan-price.ts';

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function parts(day: string): [number, number, number] {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${JSON.stringify(day)}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function format(y: number, m: number, d: number): string {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** The JST calendar day of an instant. */
export function jstDay(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new RangeError('jstDay needs a valid date');
  const d = new Date(at.getTime() + JST_OFFSET_MS);
  return format(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The day `n` days after `day` (n may be 0). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const t = new Date(Date.UTC(y, m - 1, d) + n * DAY_MS);
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The same day `n` months later, or that month's last day when it is shorter. */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const index = y * 12 + (m - 1) + n;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return format(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** `day` plus `span` units (one renewal period). */
export function addSpan(day: string, span: number, unit: RenewSpanUnit): string {
  switch (unit) {
    case 'day':
      return addDays(day, span);
    case 'week':
      return addDays(day, span * 7);
    case 'month':
      return addMonths(day, span);
    case 'year':
      return addMonths(day, span * 12);
  }
}
