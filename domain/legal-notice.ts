// The 特定商取引法に基づく表記 page of a store (/legal/tokushoho; decision 0045): the seller's
// statements from the settings' `legal` section in the viewer's language, and what the plans and
// payment methods say themselves (prices, payment timing). Pure: the server builds it, the page
// words the labels and the product's default texts.
import { z } from 'zod';
import type { LegalNotice } from '#config-schema/legal.ts';
import type { Plan } from '#config-schema/plans.ts';
import { type PaymentMethodTypeName, paymentMethodTypes } from '#domain/commerce/payment-method-types.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { type PriceSuffix, priceSuffix, renewSpanUnits } from '#domain/plan-price.ts';

const text = z.string().nullable();

export const legalNoticeScreenSchema = z
  .object({
    serviceName: z.string(),
    /** The store has no `legal` section: the seller is its businessName, the rest disclosed on request. */
    disclosedOnRequest: z.boolean(),
    seller: z.string(),
    /** null: disclosed on request (only without a `legal` section). */
    representative: text,
    address: text,
    phone: text,
    contactHours: text,
    email: text,
    /** The store's own notes; null: the product's wording. */
    pricesNote: text,
    additionalFees: text,
    paymentNote: text,
    deliveryNote: text,
    cancellationNote: text,
    environmentNote: text,
    /** The methods the store takes (CampaignCode is not a way to pay money, and is left out). */
    paymentMethods: z.array(z.enum(paymentMethodTypes)),
    /** The plans listed, on sale and not past their sales end, with their prices (tax included). */
    plans: z.array(
      z
        .object({
          planName: z.string(),
          planType: z.enum(['subscription', 'purchase', 'rental']),
          price: z.number().int(),
          priceSuffix: z.object({ kind: z.string(), n: z.number().int().optional() }).strict(),
          freeTrialDays: z.number().int(),
          renewSpanUnit: z.enum(renewSpanUnits).nullable(),
          rentalDays: z.number().int().nullable(),
        })
        .strict(),
    ),
  })
  .strict();
export type LegalNoticeScreen = z.infer<typeof legalNoticeScreenSchema>;

type Source = {
  serviceName: string;
  businessName: string;
  legal?: LegalNotice;
  paymentMethods: readonly string[];
  plans: readonly Plan[];
};

/** The page's data for a store, in `lang`. A store without the section still gets a page (decision 0045). */
export function legalNoticeView(s: Source, lang: Language, now: Date): LegalNoticeScreen {
  const l = s.legal;
  const pick = (v: { ja: string; en?: string } | undefined) => (v ? pickText(v, lang) : null);
  return {
    serviceName: s.serviceName,
    disclosedOnRequest: !l,
    seller: l ? pickText(l.seller, lang) : s.businessName,
    representative: pick(l?.representative),
    address: pick(l?.address),
    phone: l?.phone ?? null,
    contactHours: pick(l?.contactHours),
    email: l?.email ?? null,
    pricesNote: pick(l?.pricesNote),
    additionalFees: pick(l?.additionalFees),
    paymentNote: pick(l?.paymentNote),
    deliveryNote: pick(l?.deliveryNote),
    cancellationNote: pick(l?.cancellationNote),
    environmentNote: pick(l?.environmentNote),
    // In the store's order (its display order), known types only.
    paymentMethods: s.paymentMethods.filter(
      (t): t is PaymentMethodTypeName => t !== 'CampaignCode' && (paymentMethodTypes as readonly string[]).includes(t),
    ),
    plans: s.plans
      // What can be bought now or later: listed, on sale, and its sales not over.
      .filter((p) => p.visible && p.onSale && (p.salesEndDate === null || Date.parse(p.salesEndDate) > now.getTime()))
      .map((p) => {
        const subscription = p.planType === 'subscription';
        const suffix: PriceSuffix = priceSuffix(p.planType, p.renewSpan, p.renewSpanUnit);
        return {
          planName: pickText(p.planName, lang),
          planType: p.planType,
          price: p.price,
          priceSuffix: suffix,
          freeTrialDays: subscription ? p.freeTrialDays : 0,
          renewSpanUnit: subscription ? p.renewSpanUnit : null,
          rentalDays: p.planType === 'rental' ? p.rentalDays : null,
        };
      }),
  };
}
