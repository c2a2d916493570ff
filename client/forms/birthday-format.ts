// The birthday box formats as the viewer types: YYYY/MM/DD with the slashes added, the year
// kept between 1900 and this year, the month between 01 and 12, the day within the month, and
// never a date after today (in Japan: `today` comes from jstToday).
import { BIRTHDAY_MIN_YEAR } from '#domain/validation/birthday.ts';
import { toHalfWidthDigits } from '#domain/validation/normalize.ts';

export type Ymd = { year: number; month: number; day: number };

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today's date in Japan. */
export function jstToday(now: Date): Ymd {
  const d = new Date(now.getTime() + JST_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The typed text as YYYY/MM/DD so far: "19900131" -> "1990/01/31", "1990/3" -> "1990/03", "2100" -> this year. */
export function formatBirthdayInput(raw: string, today: Ymd): string {
  const digits = toHalfWidthDigits(raw).replace(/\D/g, '').slice(0, 8);
  let year = digits.slice(0, 4);
  let month = digits.slice(4, 6);
  let day = digits.slice(6, 8);
  if (year.length === 4) year = String(clamp(Number(year), BIRTHDAY_MIN_YEAR, today.year));
  const y = Number(year);
  const thisYear = year.length === 4 && y === today.year;
  // A single month digit from 2 up, or day digit from 4 up, cannot start a two-digit value.
  if (month.length === 1 && Number(month) >= 2) month = `0${month}`;
  if (month.length === 2) month = pad(clamp(Number(month), 1, thisYear ? today.month : 12));
  if (day.length === 1 && Number(day) >= 4) day = `0${day}`;
  if (day.length === 2 && month.length === 2) {
    const m = Number(month);
    const last = thisYear && m === today.month ? today.day : daysInMonth(y, m);
    day = pad(clamp(Number(day), 1, last));
  }
  return [year, month, day].filter((part) => part !== '').join('/');
}
