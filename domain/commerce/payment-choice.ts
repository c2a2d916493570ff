// What the purchase form starts on, apart from its schema: the form renders with it before zod
// is loaded (decision 0056). Import it from here.

/** The paymentMethodId that pays with a 100 % campaign code alone. */
export const CAMPAIGN_CODE_METHOD = 'CampaignCode';

/**
 * The payment choice the purchase form starts on (decision 0048): the member's first registered
 * method, else the card form, else a carrier or PayPal; a code alone only when nothing else can
 * pay, so キャンペーンコード is never preselected over a payable method. '' when there is no choice.
 */
export function firstPaymentChoice(registered: readonly string[], cardForm: string | null, direct: readonly string[]): string {
  return registered[0] ?? cardForm ?? direct.find((t) => t !== CAMPAIGN_CODE_METHOD) ?? direct[0] ?? '';
}
