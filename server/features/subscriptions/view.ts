// A subscription row as the member's pages show it: the plan's texts in the viewer's language, the
// view rules of domain/billing/subscription-view.ts, and the payment method's display fields.
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { ContractedSubscription, PaymentMethodDisplay } from '#domain/billing/subscription-screens.ts';
import { type SubscriptionGroup, subscriptionView } from '#domain/billing/subscription-view.ts';
import { campaignIdOf } from '#domain/commerce/campaign.ts';
import { isExpired } from '#domain/commerce/card.ts';
import type { PaymentMethodTypeName } from '#domain/commerce/payment-method-types.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { priceSuffix, renewalText } from '#domain/plan-price.ts';
import { planOf } from '#domain/plans.ts';

/** The payment method a subscription pays with, as stored (deleted ones are kept for history). */
export type StoredMethod = {
  paymentMethodType: string;
  cardBrand: string | null;
  last4: string | null;
  expireDate: string | null;
  label: string | null;
  deletedAt: Date | null;
};

/** What the repository gives of one subscription. */
export type SubscriptionRecord = {
  id: string;
  accountId: string;
  planId: string;
  status: string;
  price: number;
  campaignId: string | null;
  campaignPrice: number | null;
  campaignPaymentsLeft: number | null;
  /** The registered method's id (or a method type for CampaignCode). */
  paymentMethod: string;
  nextSettlementDay: string;
  startedDay: string;
  usableUntil: string | null;
  trialEndsOn: string | null;
  /** From the order the member confirmed. */
  firstPaymentDay: string | null;
  campaignEndDate: string | null;
  method: StoredMethod | null;
};

export function methodDisplay(m: StoredMethod): PaymentMethodDisplay {
  return {
    paymentMethodType: m.paymentMethodType as PaymentMethodTypeName,
    brand: m.cardBrand,
    last4: m.last4,
    label: m.label,
  };
}

/** A method the subscription can be charged with: registered, not deleted, not an expired card. */
export function isUsable(m: StoredMethod | null, now: Date): boolean {
  return m !== null && m.deletedAt === null && !(m.expireDate && isExpired(m.expireDate, now));
}

const stripMarkup = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();

export function contractedView(
  r: SubscriptionRecord,
  group: SubscriptionGroup,
  settings: StoreSettings,
  lang: Language,
  now: Date,
  today: string,
): ContractedSubscription {
  const plan = planOf(settings, r.planId);
  const campaign = r.campaignId ? settings.campaigns.find((c) => campaignIdOf(c, settings.campaigns) === r.campaignId) : undefined;
  const campaignRunning = r.campaignPrice !== null && r.campaignPaymentsLeft !== 0;
  const span = plan?.renewSpan ?? 1;
  const unit = plan?.renewSpanUnit ?? 'month';
  return {
    subscriptionId: r.id,
    subscriptionStatus: r.status,
    planId: r.planId,
    planName: plan ? pickText(plan.planName, lang) : r.planId,
    planDescription: plan?.planDescription ? stripMarkup(pickText(plan.planDescription, lang)) : '',
    priceSuffix: priceSuffix('subscription', span, unit),
    renewal: renewalText(span, unit),
    originalPrice: r.price,
    billingAmount: campaignRunning ? (r.campaignPrice ?? r.price) : r.price,
    campaign: campaign ? { campaignName: pickText(campaign.name, lang) } : null,
    campaignApplicablePeriod: campaign ? { startDate: r.startedDay, endDate: r.campaignEndDate } : null,
    firstPaymentDay: r.firstPaymentDay ?? r.startedDay,
    nextSettlementDay: r.nextSettlementDay,
    accountPaymentMethod: r.method ? methodDisplay(r.method) : null,
    view: subscriptionView(
      {
        group,
        nextSettlementDay: r.nextSettlementDay,
        usableUntil: r.usableUntil,
        trialEndsOn: r.trialEndsOn,
        hasPaymentMethod: isUsable(r.method, now),
      },
      today,
    ),
  };
}
