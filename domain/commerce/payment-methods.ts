// A member's payment methods (member-area 2 "Payment methods", 3 "Account payment method", 4
// "Payment method"): how each type is added, and the data of the /mypage/payment-method pages.
import { z } from 'zod';
import { type PaymentMethodType, paymentMethodType } from '#config-schema/store-settings.ts';
import type { PaymentMethodTypeName } from './payment-method-types.ts';

/** How a type is added: the card form, a carrier's link redirect, or the PayPal redirect. */
export type AddKind = 'card' | 'link' | 'paypal';

const addKinds: Partial<Record<PaymentMethodType, AddKind>> = {
  SbpsCredit: 'card',
  SbpsAuSimple: 'link',
  SbpsAuone: 'link',
  SbpsDocomo: 'link',
  SbpsPaypay: 'link',
  SbpsSoftbank: 'link',
  SbpsSoftbankYahoo: 'link',
  PaypalRest: 'paypal',
  PaypalNvp: 'paypal',
};

/** How a type is added, or null for a type that is not kept (a campaign code is typed at each purchase). */
export function addKind(type: PaymentMethodType): AddKind | null {
  return addKinds[type] ?? null;
}

/** The types a member may add at this store: those it offers that are kept, in the store's order. */
export function addableTypes(offered: readonly PaymentMethodType[]): PaymentMethodType[] {
  return offered.filter((t) => addKind(t) !== null);
}

export const cardBrandCodeSchema = z.enum(['V', 'M', 'A', 'J', 'D', 'unknown']);

/** One registered method as the list shows it (the spec's field names). */
export const accountPaymentMethodSchema = z
  .object({
    accountPaymentMethodId: z.string(),
    paymentMethodType,
    /** A card's brand, last digits and expiry; null for a redirect method. */
    SbpsCreditInfo: z
      .object({ cardbrandCode: cardBrandCodeSchema, cardNumberSuffix: z.string(), expireDate: z.string().regex(/^\d{6}$/) })
      .strict()
      .nullable(),
    /** valid / expiring (approaching expiry) / expired, for a card; null otherwise. */
    cardState: z.enum(['valid', 'expiring', 'expired']).nullable(),
    /** What the member recognises a redirect method by (masked account); null for a card. */
    label: z.string().nullable(),
    isContractUsed: z.boolean(),
  })
  .strict();
export type AccountPaymentMethod = z.infer<typeof accountPaymentMethodSchema>;

/** What the page needs to load the provider's tokenisation script (gateway.browserConfig). */
export const cardProviderSchema = z.object({ scriptUrl: z.string(), merchantId: z.string(), serviceId: z.string() }).strict();
export type CardProvider = z.infer<typeof cardProviderSchema>;

/** /mypage/payment-method */
export const paymentMethodScreenSchema = z
  .object({
    methods: z.array(accountPaymentMethodSchema),
    addableTypes: z.array(paymentMethodType),
    /** Present when the store takes cards. */
    cardProvider: cardProviderSchema.nullable(),
    /** A redirect registration that came back without a method: cancelled by the member, or failed. */
    result: z.enum(['cancelled', 'failed']).nullable(),
  })
  .strict();
export type PaymentMethodScreen = z.infer<typeof paymentMethodScreenSchema>;

export const PAYMENT_METHOD_PATH = '/mypage/payment-method';
export const PAYMENT_METHOD_COMPLETE_PATH = '/mypage/payment-method/complete';
export const PAYMENT_METHOD_DELETE_COMPLETE_PATH = '/mypage/payment-method/delete/complete';

const tokenText = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, { error: 'common.required' })
  .max(1024, { error: 'common.invalid' })
  .regex(/^[\x21-\x7e]+$/, { error: 'common.invalid' });

/**
 * POST /zapi/account/payment-method/credit: the provider script's tokens (never the card), and
 * where to go once the card is kept (`redirectTo`: a page of the store, such as the purchase the
 * member left to add it; else the completion page).
 */
export const creditBodySchema = z
  .object(
    {
      token: tokenText,
      tokenKey: tokenText,
      tds2infoToken: tokenText,
      tds2infoTokenKey: tokenText,
      redirectTo: z.string({ error: 'common.invalid' }).max(2000, { error: 'common.invalid' }).optional(),
    },
    { error: 'common.invalid' },
  )
  .strip();
export const CREDIT_FIELDS = ['token', 'tokenKey', 'tds2infoToken', 'tds2infoTokenKey', 'redirectTo'] as const;

/** POST /zapi/account/payment-method/link: { paymentMethodType } */
export const linkBodySchema = z
  .object(
    {
      paymentMethodType: z.enum(paymentMethodType.options, { error: 'common.invalidOption' }),
      /** The store's page to go back to once the agreement is kept (a purchase), else the completion page. */
      redirectTo: z.string({ error: 'common.invalid' }).max(2000, { error: 'common.invalid' }).optional(),
    },
    { error: 'common.invalid' },
  )
  .strip();

/** A registered method as the purchase and subscription pages offer it (id, type, card facts or label). */
export function methodChoice(m: AccountPaymentMethod) {
  return {
    id: m.accountPaymentMethodId,
    type: m.paymentMethodType as PaymentMethodTypeName,
    brand: m.SbpsCreditInfo?.cardbrandCode ?? null,
    last4: m.SbpsCreditInfo?.cardNumberSuffix ?? null,
    expireDate: m.SbpsCreditInfo?.expireDate ?? null,
    label: m.label,
  };
}
