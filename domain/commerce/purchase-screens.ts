// The data of the purchase pages (spec 2 "Purchase routes"): the form, the confirmation with the
// order verification, the completion with the plan's orderCompletedMessage, and their sign-up twins.
import { z } from 'zod';
import { paymentMethodTypes } from '#domain/commerce/payment-method-types.ts';
import { cardProviderSchema } from '#domain/commerce/payment-methods.ts';
import { planCardSchema } from '#domain/screens.ts';
import { surveyViewSchema } from '#domain/survey-view.ts';

/** A registered payment method as the form lists it (never more than the provider's display fields). */
export const purchaseMethodSchema = z
  .object({
    id: z.string(),
    type: z.enum(paymentMethodTypes),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    /** YYYYMM */
    expireDate: z.string().nullable(),
    label: z.string().nullable(),
  })
  .strict();
export type PurchaseMethod = z.infer<typeof purchaseMethodSchema>;

export const orderVerificationSchema = z
  .object({
    billingAmount: z.number().int(),
    firstPaymentDay: z.string(),
    campaignId: z.string().nullable(),
    campaignName: z.string().nullable(),
    campaignDescription: z.string().nullable(),
    campaignEndDate: z.string().nullable(),
    campaignType: z.enum(['free', 'other']).nullable(),
    freeDays: z.number().int(),
    discountContinuationCount: z.number().int().nullable(),
    subscriptionExpiration: z.string().nullable(),
    isReContract: z.boolean(),
    entitlementExpiration: z.string().nullable(),
  })
  .strict();

const chargeStepSchema = z
  .object({ amount: z.number().int(), first: z.number().int(), last: z.number().int().nullable(), from: z.string() })
  .strict();

/** The legally required terms of the order (order-terms.ts; decision 0045). */
export const orderTermsSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('subscription'),
      free: z.object({ days: z.number().int(), until: z.string() }).strict().nullable(),
      charges: z.array(chargeStepSchema),
      chargeToday: z.number().int(),
      cycle: z.object({ span: z.number().int(), unit: z.enum(['day', 'week', 'month', 'year']) }).strict(),
      contractEnds: z.string().nullable(),
      nextCharge: z.object({ day: z.string(), amount: z.number().int() }).strict().nullable(),
      cancelBy: z.string().nullable(),
      offerEnds: z.string().nullable(),
    })
    .strict(),
  z
    .object({
      kind: z.enum(['purchase', 'rental']),
      amount: z.number().int(),
      viewing: z.object({ days: z.number().int(), until: z.string().nullable() }).strict().nullable(),
      offerEnds: z.string().nullable(),
    })
    .strict(),
]);

const signupSteps = { step: z.number().int().optional(), totalSteps: z.number().int().optional() };

/** /plans/{planId}: the purchase form. */
export const purchaseFormScreenSchema = z
  .object({
    plan: planCardSchema,
    rentalDays: z.number().int().nullable(),
    methods: z.array(purchaseMethodSchema),
    /**
     * Method types payable without a registered method here: carrier and PayPal redirects (paid
     * once for a purchase or rental; for a subscription the agreement is registered on the
     * provider's page, then charged; decision 0048) and CampaignCode (only where a code alone
     * pays for the plan).
     */
    directTypes: z.array(z.enum(paymentMethodTypes)),
    /** Whether the store takes cards (the link to add one in My Page). */
    cardsAccepted: z.boolean(),
    /** The provider's script for the card form, a payment choice of the purchase itself; null where the store takes no cards. */
    cardProvider: cardProviderSchema.nullable(),
    /** Whether the plan has a code campaign open now: the campaign code field shows only then. */
    campaignCodeAccepted: z.boolean(),
    /** The automatic campaign the order gets without a code, as the form shows it; null: none. */
    automaticCampaign: z
      .object({
        name: z.string(),
        /** discount: the campaign price for `paymentCount` payments (null: every one); free: `freeDays` free. */
        campaignType: z.enum(['discount', 'free']),
        price: z.number().int().nullable(),
        paymentCount: z.number().int().nullable(),
        freeDays: z.number().int().nullable(),
      })
      .strict()
      .nullable(),
    survey: surveyViewSchema.nullable(),
    /** An error code the provider's return sent back (?error=), shown above the form. */
    error: z.string().nullable(),
    /** The form was opened from the sign-up plan list: confirm and complete stay under /signup. */
    signup: z.boolean(),
  })
  .strict();

/** /plans/{planId}/confirm and /signup/plans/{planId}/confirm */
export const purchaseConfirmScreenSchema = z
  .object({
    plan: planCardSchema,
    purchaseToken: z.string(),
    verification: orderVerificationSchema,
    method: purchaseMethodSchema.nullable(),
    /** The method type when no registered method pays (a redirect, CampaignCode). */
    methodType: z.enum(paymentMethodTypes),
    chargeNow: z.number().int(),
    /** What the final confirmation must show under the 特定商取引法 (decision 0045). */
    terms: orderTermsSchema,
    ...signupSteps,
  })
  .strict();

/** /plans/{planId}/complete and /signup/plans/{planId}/complete */
export const purchaseCompleteScreenSchema = z
  .object({
    planId: z.string(),
    planName: z.string(),
    planType: z.enum(['subscription', 'purchase', 'rental']),
    orderCompletedMessage: z.string().nullable(),
    entitlementExpiration: z.string().nullable(),
    ...signupSteps,
  })
  .strict();
