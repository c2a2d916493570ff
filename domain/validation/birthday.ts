// The birthday: YYYYMMDD (YYYY/MM/DD and YYYY-MM-DD, as a date input gives, are accepted and
// normalised), a real date from 1900 to 2099, and not after today in Japan.
import { toHalfWidthDigits } from './normalize.ts';

export const BIRTHDAY_MIN_YEAR = 1900;
export const BIRTHDAY_MAX_YEAR = 2099;

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today's date in Japan as YYYYMMDD. */
export function jstDate(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('now must be a valid Date');
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date as YYYYMMDD, or null when the text is not a real date between 1900 and 2099. */
export function parseBirthday(text: string): string | null {
  const t = toHalfWidthDigits(text.trim());
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(t) ?? /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(t)?.filter((_, i) => i !== 2);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < BIRTHDAY_MIN_YEAR || year > BIRTHDAY_MAX_YEAR) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}
