// The data of the member's subscription pages (member-area 2, 3 "Contracted subscription",
// "Payment history entry", "Invoice"; decision 0020): /mypage/plans, the subscription detail,
// its payment-method change and cancellation, the payment history and the invoice.
import { z } from 'zod';
import { paymentMethodTypes } from '#domain/commerce/payment-method-types.ts';
import { purchaseMethodSchema } from '#domain/commerce/purchase-screens.ts';
import { planCardSchema } from '#domain/screens.ts';
import { surveyViewSchema } from '#domain/survey-view.ts';
import { subscriptionGroups } from './subscription-view.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const availability = z.union([
  z.object({ allowed: z.literal(true) }).strict(),
  z.object({ allowed: z.literal(false), reason: z.enum(['renewing', 'notApplicable', 'tooLate', 'noPaymentMethod']) }).strict(),
]);

/** How a payment is shown: the type and the card's brand and last digits, or a redirect method's label. */
export const paymentMethodDisplaySchema = z
  .object({
    paymentMethodType: z.enum(paymentMethodTypes),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    label: z.string().nullable(),
  })
  .strict();
export type PaymentMethodDisplay = z.infer<typeof paymentMethodDisplaySchema>;

/** One contracted subscription (the spec's "Contracted subscription" with the view rules applied). */
export const contractedSubscriptionSchema = z
  .object({
    subscriptionId: z.string(),
    subscriptionStatus: z.string(),
    planId: z.string(),
    planName: z.string(),
    planDescription: z.string(),
    /** The plan's price line (suffix, renewal) as the plan cards show it. */
    priceSuffix: planCardSchema.shape.priceSuffix,
    renewal: planCardSchema.shape.renewal,
    originalPrice: z.number().int(),
    /** What the next charge costs (the campaign price while it lasts). */
    billingAmount: z.number().int(),
    campaign: z.object({ campaignName: z.string() }).strict().nullable(),
    campaignApplicablePeriod: z.object({ startDate: day, endDate: day.nullable() }).strict().nullable(),
    firstPaymentDay: day,
    nextSettlementDay: day,
    accountPaymentMethod: paymentMethodDisplaySchema.nullable(),
    view: z
      .object({
        group: z.enum(subscriptionGroups),
        renewing: z.boolean(),
        dateKind: z.enum(['endDate', 'nextSettlement']),
        date: day,
        trialEndsOn: day.nullable(),
        showPaymentMethod: z.boolean(),
        changePaymentMethod: availability,
        cancel: availability,
        undo: availability,
      })
      .strict(),
  })
  .strict();
export type ContractedSubscription = z.infer<typeof contractedSubscriptionSchema>;

/** /mypage/plans: contracted first, then the plans the member may contract; withdraw mode from ?returnTo=/withdraw. */
export const myPlansScreenSchema = z
  .object({ contracted: z.array(contractedSubscriptionSchema), plans: z.array(planCardSchema), withdrawMode: z.boolean() })
  .strict();

/** /mypage/subscription/{id} and its /payment-method/complete. */
export const subscriptionScreenSchema = z.object({ subscription: contractedSubscriptionSchema }).strict();

/** /mypage/subscription/{id}/payment-method: the methods it may change to (usable ones only). */
export const subscriptionMethodScreenSchema = z
  .object({ subscription: contractedSubscriptionSchema, methods: z.array(purchaseMethodSchema) })
  .strict();

/** /mypage/subscription/{id}/withdraw: cancel (with the survey) or, for a cancel request, undo. */
export const subscriptionCancelScreenSchema = z
  .object({ subscription: contractedSubscriptionSchema, survey: surveyViewSchema.nullable(), returnTo: z.string().nullable() })
  .strict();

/** /mypage/subscription/{id}/withdraw/complete?done=cancel|undo */
export const subscriptionCancelCompleteScreenSchema = z
  .object({ done: z.enum(['cancel', 'undo']), planName: z.string(), date: day, returnTo: z.string().nullable() })
  .strict();

/** One payment of the history (the spec's "Payment history entry"). */
export const paymentHistoryEntrySchema = z
  .object({
    earningsId: z.string(),
    createdAt: z.string(),
    planName: z.string(),
    accountPaymentMethod: paymentMethodDisplaySchema,
    billingAmount: z.number().int(),
    netBillingAmount: z.number().int(),
    taxAmount: z.number().int(),
  })
  .strict();
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntrySchema>;

/** GET /zapi/account/payment-history/{page} and the first page of /mypage/payment-history. */
export const paymentHistoryPageSchema = z
  .object({
    data: z.array(paymentHistoryEntrySchema),
    currentPage: z.number().int().min(1),
    lastPage: z.number().int().min(1),
    perPage: z.number().int().min(1),
    totalCount: z.number().int().min(0),
  })
  .strict();
export type PaymentHistoryPage = z.infer<typeof paymentHistoryPageSchema>;

/**
 * /mypage/invoice/{earningsId}: one payment as a qualified invoice; a refund's entry (a negative
 * billingAmount) prints as a qualified refund invoice (適格返還請求書).
 */
export const invoiceScreenSchema = z
  .object({
    earningsId: z.string(),
    contactEmail: z.string(),
    planName: z.string(),
    orderInfoId: z.string(),
    billingAmount: z.number().int(),
    netBillingAmount: z.number().int(),
    taxAmount: z.number().int(),
    /** Percent, e.g. 10. */
    taxRate: z.number(),
    createdAt: z.string(),
    accountPaymentMethod: paymentMethodDisplaySchema,
    invoiceRegistrationNumber: z.string().nullable(),
    businessName: z.string(),
    serviceName: z.string(),
    logoUrl: z.string(),
    /**
     * The refunds of this payment, oldest first (decision 0052): each a 返金 row of the invoice.
     * Amounts are positive yen refunded, tax included. A refund's own entry (a negative payment) has none.
     */
    refunds: z.array(
      z.object({ refundId: z.string(), refundedAt: z.string(), billingAmount: z.number().int(), taxAmount: z.number().int() }).strict(),
    ),
  })
  .strict();
export type InvoiceScreen = z.infer<typeof invoiceScreenSchema>;

/** POST /zapi/subscription/{id}/change-payment-method */
export const changePaymentMethodBodySchema = z.object({ paymentMethodId: z.string().min(1).max(64) }).strip();
