// Language-free descriptors of a plan's price line; the client turns them into Japanese or
// English text. Prices are integer yen, tax included.

export const planTypes = ['subscription', 'purchase', 'rental'] as const;
export type PlanType = (typeof planTypes)[number];

export const renewSpanUnits = ['day', 'week', 'month', 'year'] as const;
export type RenewSpanUnit = (typeof renewSpanUnits)[number];

export type PriceSuffix =
  | { kind: 'oneTime' }
  | { kind: 'perDay' }
  | { kind: 'perWeek' }
  | { kind: 'perMonth' }
  | { kind: 'perYear' }
  | { kind: 'perNDays'; n: number }
  | { kind: 'perNWeeks'; n: number }
  | { kind: 'perNMonths'; n: number }
  | { kind: 'perNYears'; n: number };

export type RenewalText = { kind: 'annual' } | { kind: 'everyN'; unit: RenewSpanUnit; n: number };

function checkSpan(renewSpan: number): void {
  if (!Number.isInteger(renewSpan) || renewSpan < 1) {
    throw new RangeError(`renewSpan must be a positive integer, got ${renewSpan}`);
  }
}

/** 12 months or 1 year: shown as yearly ("per year", "年間"). */
export function isAnnualDisplay(renewSpan: number, unit: RenewSpanUnit): boolean {
  return (unit === 'month' && renewSpan === 12) || (unit === 'year' && renewSpan === 1);
}

const singleSuffix = { day: 'perDay', week: 'perWeek', month: 'perMonth', year: 'perYear' } as const;
const multipleSuffix = { day: 'perNDays', week: 'perNWeeks', month: 'perNMonths', year: 'perNYears' } as const;

/**
 * The suffix after the price: one-time for purchases and rentals; for subscriptions, per unit
 * when the span is 1 (or 12 months, which reads "per year"), else per n units.
 * Throws when a subscription lacks a valid span or unit.
 */
export function priceSuffix(planType: PlanType, renewSpan?: number | null, renewSpanUnit?: RenewSpanUnit | null): PriceSuffix {
  if (planType !== 'subscription') return { kind: 'oneTime' };
  if (renewSpan == null || renewSpanUnit == null) {
    throw new RangeError('a subscription needs renewSpan and renewSpanUnit');
  }
  checkSpan(renewSpan);
  if (isAnnualDisplay(renewSpan, renewSpanUnit)) return { kind: 'perYear' };
  if (renewSpan === 1) return { kind: singleSuffix[renewSpanUnit] };
  return { kind: multipleSuffix[renewSpanUnit], n: renewSpan };
}

/** The renewal line: "年間" for 12 months or 1 year, else "every n units" (n = 1 included). */
export function renewalText(renewSpan: number, renewSpanUnit: RenewSpanUnit): RenewalText {
  checkSpan(renewSpan);
  if (isAnnualDisplay(renewSpan, renewSpanUnit)) return { kind: 'annual' };
  return { kind: 'everyN', unit: renewSpanUnit, n: renewSpan };
}

/** '¥1,980'; negative amounts as '-¥1,980'. Throws on anything but a safe integer. */
export function formatYen(amount: number): string {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`a yen amount must be an integer, got ${amount}`);
  }
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+$)/g, ',');
  return amount < 0 ? `-¥${digits}` : `¥${digits}`;
}

const YEARS_SHOWN = 10;
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * An entitlement expiry more than 10 years after now is effectively "no expiry" and is hidden.
 * Years are calendar years counted in JST (now + 10 years, same wall-clock time; 29 February
 * rolls to 1 March). Exactly 10 years away is still shown.
 */
export function shouldHideEntitlementExpiry(expiry: Date, now: Date): boolean {
  if (Number.isNaN(expiry.getTime()) || Number.isNaN(now.getTime())) {
    throw new RangeError('shouldHideEntitlementExpiry needs valid dates');
  }
  const limit = new Date(now.getTime() + JST_OFFSET_MS);
  limit.setUTCFullYear(limit.getUTCFullYear() + YEARS_SHOWN);
  return expiry.getTime() > limit.getTime() - JST_OFFSET_MS;
}
