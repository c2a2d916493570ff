// The terms of an order that the final confirmation (最終確認画面) must show under the
// 特定商取引法 (the 2022 rules on 特定申込み), derived from the plan and the order computed for
// it (decision 0045): every amount and when it is charged, the renewal cycle, the contract period,
// the next charge, how and until when to cancel; for a rental the viewing window. Pure and
// language-free: the confirmation page and the order mail turn it into text (order-terms-text.ts),
// so a store the project has never seen gets the same items from its plans.
import type { Plan } from '#config-schema/plans.ts';
import type { RenewSpanUnit } from '#domain/plan-price.ts';
import type { OrderComputation } from './order.ts';
import { addDays, addSpan } from './order-dates.ts';

export type TermsPlan = Pick<Plan, 'planType' | 'price' | 'renewSpan' | 'renewSpanUnit' | 'rentalDays' | 'salesEndDate'>;
export type TermsOrder = Pick<
  OrderComputation,
  | 'billingAmount'
  | 'chargeNow'
  | 'firstPaymentDay'
  | 'freeDays'
  | 'campaignType'
  | 'discountContinuationCount'
  | 'nextSettlementDay'
  | 'subscriptionExpiration'
  | 'entitlementExpiration'
>;

/** One run of payments of the same amount: payments `first`..`last` (1-based; last null: every one after). */
export type ChargeStep = { amount: number; first: number; last: number | null; from: string };

export type SubscriptionTerms = {
  kind: 'subscription';
  /** The free days before the first payment: from the order day to `until` (inclusive); null: none. */
  free: { days: number; until: string } | null;
  /** The payments in order; the last step runs until the contract ends. */
  charges: ChargeStep[];
  /** Yen charged on the order day (0: nothing today). */
  chargeToday: number;
  cycle: { span: number; unit: RenewSpanUnit };
  /** The JST day renewal stops for everyone; null: renews until cancelled. */
  contractEnds: string | null;
  /** The next charge after the order's own (the first one when nothing is charged today); null: none before the contract ends. */
  nextCharge: { day: string; amount: number } | null;
  /**
   * The last day a cancellation avoids the next charge, the day before it (member area 9; decision
   * 0020), which is also the last day of use after it; null: nothing more is charged.
   */
  cancelBy: string | null;
  /** ISO instant the offer closes (the plan's salesEndDate); null: none. */
  offerEnds: string | null;
};

export type OneTimeTerms = {
  kind: 'purchase' | 'rental';
  /** Yen charged once, on the order day. */
  amount: number;
  /** Rentals: the viewing window in days from the order, and its end (ISO; null when hidden as > 10 years). */
  viewing: { days: number; until: string | null } | null;
  offerEnds: string | null;
};

export type OrderTerms = SubscriptionTerms | OneTimeTerms;

/** What the confirmation's button says: the act it completes, never a bare 購入する. */
export type ConfirmAct = 'subscribe' | 'order';
export const confirmActOf = (terms: OrderTerms): ConfirmAct => (terms.kind === 'subscription' ? 'subscribe' : 'order');

/** The JST day of payment `n` (1-based) of a subscription whose first payment is on `firstDay`. */
export function paymentDay(firstDay: string, n: number, span: number, unit: RenewSpanUnit): string {
  return n <= 1 ? firstDay : addSpan(firstDay, (n - 1) * span, unit);
}

function chargesOf(plan: TermsPlan, order: TermsOrder): ChargeStep[] {
  const first = order.firstPaymentDay;
  const discounted = order.campaignType === 'other' && order.billingAmount !== plan.price;
  if (!discounted) return [{ amount: order.billingAmount, first: 1, last: null, from: first }];
  const count = order.discountContinuationCount;
  if (count === null) return [{ amount: order.billingAmount, first: 1, last: null, from: first }];
  return [
    { amount: order.billingAmount, first: 1, last: count, from: first },
    { amount: plan.price, first: count + 1, last: null, from: paymentDay(first, count + 1, plan.renewSpan, plan.renewSpanUnit) },
  ];
}

/** The amount of payment `n` under these steps. */
function amountOf(charges: ChargeStep[], n: number): number {
  const step = charges.find((s) => s.first <= n && (s.last === null || n <= s.last)) ?? charges[charges.length - 1];
  return step?.amount ?? 0;
}

/** The legally required terms of an order of this plan, as computed for the member. */
export function orderTerms(plan: TermsPlan, order: TermsOrder): OrderTerms {
  const offerEnds = plan.salesEndDate ?? null;
  if (plan.planType !== 'subscription') {
    const viewing = plan.planType === 'rental' ? { days: plan.rentalDays, until: order.entitlementExpiration } : null;
    return { kind: plan.planType, amount: order.chargeNow, viewing, offerEnds };
  }
  const charges = chargesOf(plan, order);
  const paidToday = order.chargeNow > 0;
  // Paid today: payment 1 is today's, the next is payment 2. Free days first: payment 1 is the next.
  const nextN = paidToday ? 2 : 1;
  const nextDay = paymentDay(order.firstPaymentDay, nextN, plan.renewSpan, plan.renewSpanUnit);
  const contractEnds = order.subscriptionExpiration;
  const nextCharge = contractEnds !== null && nextDay > contractEnds ? null : { day: nextDay, amount: amountOf(charges, nextN) };
  return {
    kind: 'subscription',
    free: order.freeDays > 0 ? { days: order.freeDays, until: addDays(order.firstPaymentDay, -1) } : null,
    charges,
    chargeToday: order.chargeNow,
    cycle: { span: plan.renewSpan, unit: plan.renewSpanUnit },
    contractEnds,
    nextCharge,
    cancelBy: nextCharge ? addDays(nextCharge.day, -1) : null,
    offerEnds,
  };
}
