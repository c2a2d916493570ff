import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addSpan, jstDay } from './order-dates.ts';

describe('order dates (JST)', () => {
  it('jstDay is the calendar day in Japan', () => {
    expect(jstDay(new Date('2026-11-25T14:59:59Z'))).toBe('2026-11-25');
    expect(jstDay(new Date('2026-11-25T15:00:00Z'))).toBe('2026-11-26');
    expect(() => jstDay(new Date('x'))).toThrow(RangeError);
  });
  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2026-11-25', 0)).toBe('2026-11-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-11-25', 31)).toBe('2026-12-26');
    expect(() => addDays('2026/11/25', 1)).toThrow(RangeError);
  });
  it('addMonths falls to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
  it('addSpan by unit', () => {
    expect(addSpan('2026-11-25', 1, 'day')).toBe('2026-11-26');
    expect(addSpan('2026-11-25', 2, 'week')).toBe('2026-12-09');
    expect(addSpan('2026-11-25', 3, 'month')).toBe('2027-02-25');
    expect(addSpan('2028-02-29', 1, 'year')).toBe('2029-02-28');
  });
});
