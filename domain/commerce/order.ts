// The order verification (spec: public area 3 "Order verification"): what the member will pay,
// when, under which campaign, and how long they may watch. Pure; the verify call answers it, the
// confirm page shows it, and the purchase recomputes it from the token's binding.
import type { Campaign, Plan } from '#config-schema/plans.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { shouldHideEntitlementExpiry } from '#domain/plan-price.ts';
import { addDays, addSpan, jstDay } from './order-dates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type OrderPlan = Pick<
  Plan,
  'planId' | 'planType' | 'price' | 'freeTrialDays' | 'renewSpan' | 'renewSpanUnit' | 'forceStopRenewDate' | 'rentalDays'
>;

export type OrderInput = {
  plan: OrderPlan;
  campaign: Campaign | null;
  /** The campaign's identifier (campaignIdOf). */
  campaignId: string | null;
  /** The member already used their one free trial in this store. */
  freeTrialUsed: boolean;
  /** The member held a contract of this plan before (ended). */
  isReContract: boolean;
  now: Date;
  lang: Language;
};

export type OrderVerification = {
  /** Yen charged on firstPaymentDay (tax included). */
  billingAmount: number;
  /** The JST day of the first payment (today unless free days come first). */
  firstPaymentDay: string;
  campaignId: string | null;
  campaignName: string | null;
  campaignDescription: string | null;
  /** The JST day the campaign ends. */
  campaignEndDate: string | null;
  campaignType: 'free' | 'other' | null;
  /** Free days before the first payment (plan trial or free campaign). */
  freeDays: number;
  /** How many payments the campaign price applies to (null: no campaign price, or every payment). */
  discountContinuationCount: number | null;
  /** The JST day renewal stops for everyone (forceStopRenewDate); null: renews until cancelled. */
  subscriptionExpiration: string | null;
  isReContract: boolean;
  /** When viewing ends (ISO instant); null: no end, or more than 10 years away (hidden). */
  entitlementExpiration: string | null;
};

/** The verification plus what the purchase needs beyond the display. */
export type OrderComputation = OrderVerification & {
  /** Yen to charge now (0: nothing to charge today). */
  chargeNow: number;
  /** Subscriptions: the JST day of the next settlement after today's. */
  nextSettlementDay: string | null;
  /** The free trial is consumed by this order. */
  usesFreeTrial: boolean;
  /** The stored entitlement end (not hidden), ISO; null: none. */
  entitlementEnd: string | null;
};

function freeDaysOf(input: OrderInput): number {
  const { plan, campaign } = input;
  if (plan.planType !== 'subscription') return 0;
  if (campaign?.campaignType === 'free') return campaign.freeDays ?? 0;
  return input.freeTrialUsed ? 0 : plan.freeTrialDays;
}

function billingAmountOf(plan: OrderPlan, campaign: Campaign | null): number {
  if (!campaign) return plan.price;
  if (campaign.campaignType === 'discount') return campaign.price ?? plan.price;
  // A free campaign: subscriptions pay the plan price after the free days; a one-time product is free.
  return plan.planType === 'subscription' ? plan.price : 0;
}

export function computeOrder(input: OrderInput): OrderComputation {
  const { plan, campaign, now } = input;
  const today = jstDay(now);
  const freeDays = freeDaysOf(input);
  const billingAmount = billingAmountOf(plan, campaign);
  const firstPaymentDay = addDays(today, freeDays);
  const subscription = plan.planType === 'subscription';

  const entitlementEnd = plan.planType === 'rental' ? new Date(now.getTime() + plan.rentalDays * DAY_MS).toISOString() : null;
  const entitlementExpiration = entitlementEnd && !shouldHideEntitlementExpiry(new Date(entitlementEnd), now) ? entitlementEnd : null;

  return {
    billingAmount,
    firstPaymentDay,
    campaignId: campaign ? input.campaignId : null,
    campaignName: campaign ? pickText(campaign.name, input.lang) : null,
    campaignDescription: campaign?.description ? pickText(campaign.description, input.lang) : null,
    campaignEndDate: campaign ? jstDay(new Date(campaign.endDate)) : null,
    campaignType: campaign ? (campaign.campaignType === 'free' ? 'free' : 'other') : null,
    freeDays,
    discountContinuationCount: campaign?.campaignType === 'discount' ? (campaign.paymentCount ?? null) : null,
    subscriptionExpiration: subscription && plan.forceStopRenewDate ? jstDay(new Date(plan.forceStopRenewDate)) : null,
    isReContract: input.isReContract,
    entitlementExpiration,
    chargeNow: freeDays > 0 ? 0 : billingAmount,
    nextSettlementDay: subscription ? (freeDays > 0 ? firstPaymentDay : addSpan(today, plan.renewSpan, plan.renewSpanUnit)) : null,
    usesFreeTrial: freeDays > 0,
    entitlementEnd,
  };
}

/** The fields of the verification answer, without the purchase's own. */
export function verificationOf(c: OrderComputation): OrderVerification {
  const { chargeNow: _c, nextSettlementDay: _n, usesFreeTrial: _u, entitlementEnd: _e, ...shown } = c;
  return shown;
}
