// Apart from watch-list.ts and its schemas, so that My Page's watch list loads no zod (decision 0056).

/** The time left of a window, in whole days, hours and minutes (for "残り1日23時間"). */
export function timeLeftParts(minutesLeft: number): { days: number; hours: number; minutes: number } {
  const m = Math.max(0, Math.floor(minutesLeft));
  return { days: Math.floor(m / 1440), hours: Math.floor((m % 1440) / 60), minutes: m % 60 };
}
