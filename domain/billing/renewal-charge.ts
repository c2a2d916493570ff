// What a renewal charges: the campaign price while the campaign's payments last (an N-payment
// campaign ends on time), then the plan price. Pure.

export type ChargeTerms = {
  price: number;
  campaignPrice: number | null;
  /** Payments left at the campaign price; null with a campaign price: every payment. */
  campaignPaymentsLeft: number | null;
};

export type RenewalCharge = { amount: number; campaignPaymentsLeft: number | null };

/** The amount of the next charge and the campaign payments left after it. */
export function renewalCharge(t: ChargeTerms): RenewalCharge {
  if (t.campaignPrice === null) return { amount: t.price, campaignPaymentsLeft: t.campaignPaymentsLeft };
  if (t.campaignPaymentsLeft === null) return { amount: t.campaignPrice, campaignPaymentsLeft: null };
  if (t.campaignPaymentsLeft > 0) return { amount: t.campaignPrice, campaignPaymentsLeft: t.campaignPaymentsLeft - 1 };
  return { amount: t.price, campaignPaymentsLeft: 0 };
}
