import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '#domain/commerce/order-dates.ts';
import { renewSpanUnits } from '#domain/plan-price.ts';
import { dayOfMonth, isDue, jstMidnight, lastDayBefore, nextSettlementDay, renewalStopped } from './renewal-dates.ts';

const monthly = { renewSpan: 1, renewSpanUnit: 'month' } as const;
const yearly = { renewSpan: 1, renewSpanUnit: 'year' } as const;

/** The settlement days of `n` renewals from `first`, anchored on `first`'s day. */
function chain(first: string, span: Parameters<typeof nextSettlementDay>[2], n: number): string[] {
  const out = [first];
  for (let i = 0; i < n; i++) out.push(nextSettlementDay(out.at(-1) as string, dayOfMonth(first), span));
  return out;
}

describe('nextSettlementDay', () => {
  it('monthly from the 31st falls to the month end and returns to the 31st', () => {
    expect(chain('2027-01-31', monthly, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(chain('2028-01-31', monthly, 2)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });
  it('monthly from the 29th and 30th around February', () => {
    expect(chain('2027-01-29', monthly, 2)).toEqual(['2027-01-29', '2027-02-28', '2027-03-29']);
    expect(chain('2027-11-30', monthly, 4)).toEqual(['2027-11-30', '2027-12-30', '2028-01-30', '2028-02-29', '2028-03-30']);
  });
  it('n months, across years', () => {
    expect(chain('2026-11-30', { renewSpan: 3, renewSpanUnit: 'month' }, 2)).toEqual(['2026-11-30', '2027-02-28', '2027-05-30']);
    expect(nextSettlementDay('2026-12-15', 15, monthly)).toBe('2027-01-15');
    expect(nextSettlementDay('2026-12-15', 15, { renewSpan: 13, renewSpanUnit: 'month' })).toBe('2028-01-15');
  });
  it('yearly on Feb 29 falls to Feb 28 and returns to Feb 29 in the next leap year', () => {
    expect(chain('2028-02-29', yearly, 4)).toEqual(['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
    expect(nextSettlementDay('2028-02-29', 29, { renewSpan: 4, renewSpanUnit: 'year' })).toBe('2032-02-29');
    expect(nextSettlementDay('2096-02-29', 29, { renewSpan: 4, renewSpanUnit: 'year' })).toBe('2100-02-28');
  });
  it('days and weeks ignore the anchor', () => {
    expect(nextSettlementDay('2027-02-27', 31, { renewSpan: 1, renewSpanUnit: 'day' })).toBe('2027-02-28');
    expect(nextSettlementDay('2028-02-28', 31, { renewSpan: 1, renewSpanUnit: 'day' })).toBe('2028-02-29');
    expect(nextSettlementDay('2027-12-31', 31, { renewSpan: 3, renewSpanUnit: 'day' })).toBe('2028-01-03');
    expect(nextSettlementDay('2027-12-28', 28, { renewSpan: 1, renewSpanUnit: 'week' })).toBe('2028-01-04');
    expect(nextSettlementDay('2028-02-22', 22, { renewSpan: 2, renewSpanUnit: 'week' })).toBe('2028-03-07');
  });
  it('a later anchor lets a retried payment move the date (the retry day becomes the anchor)', () => {
    expect(nextSettlementDay('2027-04-03', 3, monthly)).toBe('2027-05-03');
  });
  it('refuses bad spans, anchors and days', () => {
    expect(() => nextSettlementDay('2027-01-01', 1, { renewSpan: 0, renewSpanUnit: 'month' })).toThrow(RangeError);
    expect(() => nextSettlementDay('2027-01-01', 32, monthly)).toThrow(RangeError);
    expect(() => nextSettlementDay('2027-01-01', 0, monthly)).toThrow(RangeError);
    expect(() => jstMidnight('2027-02-30')).toThrow(RangeError);
  });
});

describe('JST midnight edges', () => {
  it('a day begins at 15:00 UTC the day before', () => {
    expect(jstMidnight('2027-03-01').toISOString()).toBe('2027-02-28T15:00:00.000Z');
  });
  it('is due from the JST midnight of its day, not the UTC one', () => {
    expect(isDue('2027-03-01', new Date('2027-02-28T14:59:59.999Z'))).toBe(false);
    expect(isDue('2027-03-01', new Date('2027-02-28T15:00:00.000Z'))).toBe(true);
    expect(isDue('2027-03-01', new Date('2027-03-05T00:00:00Z'))).toBe(true);
  });
  it('the last day of use is the day before the next settlement', () => {
    expect(lastDayBefore('2028-03-01')).toBe('2028-02-29');
  });
});

describe('renewalStopped (the plan force-stop date)', () => {
  it('stops a renewal whose day begins at or after the stop', () => {
    expect(renewalStopped(null, '2027-03-01')).toBe(false);
    expect(renewalStopped('2027-03-01T00:00:00+09:00', '2027-02-28')).toBe(false);
    expect(renewalStopped('2027-03-01T00:00:00+09:00', '2027-03-01')).toBe(true);
    expect(renewalStopped('2027-03-01T00:00:01+09:00', '2027-03-01')).toBe(false);
    expect(renewalStopped('2027-02-28T15:00:00Z', '2027-03-01')).toBe(true);
    expect(() => renewalStopped('soon', '2027-03-01')).toThrow(RangeError);
  });
});

// Property tests: any day from 2000 to 2100, any anchor and span.
const dayArb = fc.integer({ min: 0, max: 36500 }).map((n) => addDays('2000-01-01', n));
const DAY_MS = 86_400_000;
const diffDays = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY_MS;

describe('properties', () => {
  it('the next day is always later, a valid day, and a month/year renewal lands on min(anchor, month end)', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 36 }),
        fc.constantFrom(...renewSpanUnits),
        (day, anchor, n, unit) => {
          const next = nextSettlementDay(day, anchor, { renewSpan: n, renewSpanUnit: unit });
          expect(addDays(next, 0)).toBe(next);
          expect(next > day).toBe(true);
          if (unit === 'day') expect(diffDays(day, next)).toBe(n);
          if (unit === 'week') expect(diffDays(day, next)).toBe(7 * n);
          if (unit === 'month' || unit === 'year') {
            const months = unit === 'month' ? n : 12 * n;
            const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
            const idx = y * 12 + m - 1 + months;
            expect(next.slice(0, 7)).toBe(`${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`);
            const end = new Date(Date.UTC(Math.floor(idx / 12), (idx % 12) + 1, 0)).getUTCDate();
            expect(dayOfMonth(next)).toBe(Math.min(anchor, end));
          }
        },
      ),
      { seed: 19, numRuns: 3000 },
    );
  });
  it('a monthly chain never drifts: every settlement is on the anchor day or its month end', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 1, max: 40 }), (first, n) => {
        const days = chain(first, monthly, n);
        const anchor = dayOfMonth(first);
        for (const d of days) {
          const end = dayOfMonth(addDays(`${addDays(`${d.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1));
          expect(dayOfMonth(d)).toBe(Math.min(anchor, end));
        }
        // n monthly renewals equal one renewal of n months.
        expect(days.at(-1)).toBe(nextSettlementDay(first, anchor, { renewSpan: n, renewSpanUnit: 'month' }));
      }),
      { seed: 31, numRuns: 500 },
    );
  });
  it('isDue flips exactly at the JST midnight of the day', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const start = jstMidnight(day).getTime();
        expect(isDue(day, new Date(start - 1))).toBe(false);
        expect(isDue(day, new Date(start))).toBe(true);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
