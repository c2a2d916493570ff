import { describe, expect, it } from 'vitest';
import { formatJstDate, formatJstDateTime } from './jst-date-time.ts';

describe('formatJstDateTime', () => {
  it('prints YYYY/MM/DD HH:mm:ss in Japan time', () => {
    expect(formatJstDateTime('2026-04-01T00:00:00Z')).toBe('2026/04/01 09:00:00');
    expect(formatJstDateTime('2026-03-31T15:00:00Z')).toBe('2026/04/01 00:00:00');
    expect(formatJstDateTime('2026-12-31T14:59:59.999Z')).toBe('2026/12/31 23:59:59');
    expect(formatJstDateTime('2026-04-01T09:05:07+09:00')).toBe('2026/04/01 09:05:07');
    expect(formatJstDateTime(new Date(Date.UTC(2027, 0, 2, 3, 4, 5)))).toBe('2027/01/02 12:04:05');
  });

  it('without seconds when asked', () => {
    expect(formatJstDateTime('2026-04-01T00:00:00Z', { seconds: false })).toBe('2026/04/01 09:00');
  });

  it('refuses what is not a date', () => {
    expect(() => formatJstDateTime('yesterday')).toThrow(RangeError);
    expect(() => formatJstDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('formatJstDate', () => {
  it('is the calendar date in Japan', () => {
    expect(formatJstDate('2026-03-31T14:59:59Z')).toBe('2026/03/31');
    expect(formatJstDate('2026-03-31T15:00:00Z')).toBe('2026/04/01');
  });
});
