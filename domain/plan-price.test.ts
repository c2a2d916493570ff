import { describe, expect, it } from 'vitest';
import {
  formatYen,
  isAnnualDisplay,
  planTypes,
  priceSuffix,
  renewalText,
  renewSpanUnits,
  shouldHideEntitlementExpiry,
} from './plan-price.ts';

describe('priceSuffix', () => {
  it.each([
    [1, 'day', { kind: 'perDay' }],
    [2, 'day', { kind: 'perNDays', n: 2 }],
    [7, 'day', { kind: 'perNDays', n: 7 }],
    [12, 'day', { kind: 'perNDays', n: 12 }],
    [30, 'day', { kind: 'perNDays', n: 30 }],
    [365, 'day', { kind: 'perNDays', n: 365 }],
    [1, 'week', { kind: 'perWeek' }],
    [2, 'week', { kind: 'perNWeeks', n: 2 }],
    [4, 'week', { kind: 'perNWeeks', n: 4 }],
    [12, 'week', { kind: 'perNWeeks', n: 12 }],
    [52, 'week', { kind: 'perNWeeks', n: 52 }],
    [1, 'month', { kind: 'perMonth' }],
    [2, 'month', { kind: 'perNMonths', n: 2 }],
    [3, 'month', { kind: 'perNMonths', n: 3 }],
    [6, 'month', { kind: 'perNMonths', n: 6 }],
    [11, 'month', { kind: 'perNMonths', n: 11 }],
    [12, 'month', { kind: 'perYear' }],
    [13, 'month', { kind: 'perNMonths', n: 13 }],
    [24, 'month', { kind: 'perNMonths', n: 24 }],
    [1, 'year', { kind: 'perYear' }],
    [2, 'year', { kind: 'perNYears', n: 2 }],
    [12, 'year', { kind: 'perNYears', n: 12 }],
  ] as const)('subscription every %i %s -> %o', (span, unit, expected) => {
    expect(priceSuffix('subscription', span, unit)).toEqual(expected);
  });

  it.each(['purchase', 'rental'] as const)('%s is one-time whatever the span', (planType) => {
    expect(priceSuffix(planType)).toEqual({ kind: 'oneTime' });
    expect(priceSuffix(planType, null, null)).toEqual({ kind: 'oneTime' });
    for (const unit of renewSpanUnits) {
      expect(priceSuffix(planType, 1, unit)).toEqual({ kind: 'oneTime' });
      expect(priceSuffix(planType, 12, unit)).toEqual({ kind: 'oneTime' });
    }
  });

  it('covers every plan type', () => {
    expect(planTypes).toEqual(['subscription', 'purchase', 'rental']);
  });

  it('throws for a subscription without span or unit', () => {
    expect(() => priceSuffix('subscription')).toThrow(RangeError);
    expect(() => priceSuffix('subscription', 1, null)).toThrow(RangeError);
    expect(() => priceSuffix('subscription', null, 'month')).toThrow(RangeError);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('throws for a subscription span of %s', (span) => {
    expect(() => priceSuffix('subscription', span, 'month')).toThrow(RangeError);
  });
});

describe('renewalText', () => {
  it.each([
    [1, 'day', { kind: 'everyN', unit: 'day', n: 1 }],
    [3, 'day', { kind: 'everyN', unit: 'day', n: 3 }],
    [12, 'day', { kind: 'everyN', unit: 'day', n: 12 }],
    [1, 'week', { kind: 'everyN', unit: 'week', n: 1 }],
    [2, 'week', { kind: 'everyN', unit: 'week', n: 2 }],
    [12, 'week', { kind: 'everyN', unit: 'week', n: 12 }],
    [1, 'month', { kind: 'everyN', unit: 'month', n: 1 }],
    [6, 'month', { kind: 'everyN', unit: 'month', n: 6 }],
    [11, 'month', { kind: 'everyN', unit: 'month', n: 11 }],
    [12, 'month', { kind: 'annual' }],
    [13, 'month', { kind: 'everyN', unit: 'month', n: 13 }],
    [24, 'month', { kind: 'everyN', unit: 'month', n: 24 }],
    [1, 'year', { kind: 'annual' }],
    [2, 'year', { kind: 'everyN', unit: 'year', n: 2 }],
    [12, 'year', { kind: 'everyN', unit: 'year', n: 12 }],
  ] as const)('every %i %s -> %o', (span, unit, expected) => {
    expect(renewalText(span, unit)).toEqual(expected);
  });

  it.each([0, -12, 0.5, Number.NaN])('throws for a span of %s', (span) => {
    expect(() => renewalText(span, 'month')).toThrow(RangeError);
  });
});

describe('isAnnualDisplay', () => {
  it('is true only for 12 months and 1 year', () => {
    const annual: string[] = [];
    for (const unit of renewSpanUnits) {
      for (let span = 1; span <= 24; span++) {
        if (isAnnualDisplay(span, unit)) annual.push(`${span} ${unit}`);
      }
    }
    expect(annual).toEqual(['12 month', '1 year']);
  });
});

describe('formatYen', () => {
  it.each([
    [0, '¥0'],
    [1, '¥1'],
    [10, '¥10'],
    [100, '¥100'],
    [999, '¥999'],
    [1000, '¥1,000'],
    [1980, '¥1,980'],
    [10000, '¥10,000'],
    [100000, '¥100,000'],
    [1234567, '¥1,234,567'],
    [-1, '-¥1'],
    [-980, '-¥980'],
    [-1980, '-¥1,980'],
    [-1234567, '-¥1,234,567'],
    [Number.MAX_SAFE_INTEGER, '¥9,007,199,254,740,991'],
  ])('%i -> %s', (amount, text) => {
    expect(formatYen(amount)).toBe(text);
  });

  it('formats negative zero as ¥0', () => {
    expect(formatYen(-0)).toBe('¥0');
  });

  it.each([1.5, 0.1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53])('throws for %s', (amount) => {
    expect(() => formatYen(amount)).toThrow(RangeError);
  });
});

describe('shouldHideEntitlementExpiry', () => {
  const now = new Date('2026-04-01T10:00:00+09:00');

  it('shows a near expiry', () => {
    expect(shouldHideEntitlementExpiry(new Date('2026-05-01T00:00:00+09:00'), now)).toBe(false);
  });

  it('shows an expiry in the past', () => {
    expect(shouldHideEntitlementExpiry(new Date('2020-01-01T00:00:00+09:00'), now)).toBe(false);
  });

  it('shows an expiry exactly 10 years away', () => {
    expect(shouldHideEntitlementExpiry(new Date('2036-04-01T10:00:00+09:00'), now)).toBe(false);
  });

  it('hides an expiry one millisecond more than 10 years away', () => {
    expect(shouldHideEntitlementExpiry(new Date('2036-04-01T10:00:00.001+09:00'), now)).toBe(true);
  });

  it('hides a far-future expiry such as 9999-12-31', () => {
    expect(shouldHideEntitlementExpiry(new Date('9999-12-31T23:59:59+09:00'), now)).toBe(true);
  });

  it('counts calendar years in JST, not UTC', () => {
    // 2028-03-01T05:00+09:00 is 2028-02-29T20:00Z. In JST ten years later is 2038-03-01T05:00+09:00;
    // counting in UTC would roll 2038-02-29 over to 2038-03-02T05:00+09:00 instead.
    const earlyMorning = new Date('2028-03-01T05:00:00+09:00');
    expect(shouldHideEntitlementExpiry(new Date('2038-03-01T05:00:00+09:00'), earlyMorning)).toBe(false);
    expect(shouldHideEntitlementExpiry(new Date('2038-03-01T05:00:01+09:00'), earlyMorning)).toBe(true);
  });

  it('rolls 29 February to 1 March ten years later', () => {
    const leap = new Date('2028-02-29T12:00:00+09:00');
    expect(shouldHideEntitlementExpiry(new Date('2038-03-01T12:00:00+09:00'), leap)).toBe(false);
    expect(shouldHideEntitlementExpiry(new Date('2038-03-01T12:00:00.001+09:00'), leap)).toBe(true);
  });

  it('throws on invalid dates', () => {
    expect(() => shouldHideEntitlementExpiry(new Date('nope'), now)).toThrow(RangeError);
    expect(() => shouldHideEntitlementExpiry(now, new Date(Number.NaN))).toThrow(RangeError);
  });
});
