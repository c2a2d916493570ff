// The payment method types of the spec (public area 1), without the settings schema's zod
// objects, so a page can name them without bringing config-schema into its bundle.
export const paymentMethodTypes = [
  'CampaignCode',
  'PaypalNvp',
  'PaypalRest',
  'SbpsAuSimple',
  'SbpsAuone',
  'SbpsCredit',
  'SbpsDocomo',
  'SbpsPaypay',
  'SbpsSoftbank',
  'SbpsSoftbankYahoo',
] as const;
export type PaymentMethodTypeName = (typeof paymentMethodTypes)[number];

/** Types that send the viewer to the provider's own pages (carrier billing, PayPal). */
export const REDIRECT_METHOD_TYPES: readonly PaymentMethodTypeName[] = [
  'PaypalNvp',
  'PaypalRest',
  'SbpsAuSimple',
  'SbpsAuone',
  'SbpsDocomo',
  'SbpsPaypay',
  'SbpsSoftbank',
  'SbpsSoftbankYahoo',
];
