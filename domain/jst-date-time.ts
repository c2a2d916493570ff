// Dates and times as the member area prints them: in Japan time (JST, +09:00), whatever the time
// zone of the server or the browser, so both render the same characters (spec 1: the time zone
// is JST).

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

function instant(value: string | Date): number {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) throw new RangeError(`not a date: ${JSON.stringify(value)}`);
  return time;
}

/** 'YYYY/MM/DD HH:mm:ss' in JST (the login history's format); `seconds: false` drops ':ss'. */
export function formatJstDateTime(value: string | Date, opts: { seconds?: boolean } = {}): string {
  const d = new Date(instant(value) + JST_OFFSET_MS);
  const date = `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return opts.seconds === false ? `${date} ${time}` : `${date} ${time}:${pad(d.getUTCSeconds())}`;
}

/** 'YYYY/MM/DD' in JST. */
export function formatJstDate(value: string | Date): string {
  return formatJstDateTime(value).slice(0, 10);
}

/** A calendar day as the member area prints it: 'YYYY-MM-DD' (a JST day, as stored) -> 'YYYY/MM/DD'. */
export const formatDay = (day: string): string => day.replaceAll('-', '/');
