// The rules of a refund of one payment (decision 0052), pure: how much may be refunded, and the
// consumption tax in each refund, shared out so that the refunds of a payment add up to its tax.
import type { ErrorCode } from '#domain/errors.ts';

/** The payment as refunds see it: its amount and tax (yen, tax included). */
export type RefundedPayment = { billingAmount: number; taxAmount: number; taxRate: number };

/**
 * The amount of a refund: the rest of the payment when none is asked, else the one asked, which
 * must be a whole number of yen more than 0 and at most what is left. `refunded`: the refunds of
 * the payment done or under way.
 */
export function refundAmount(
  paid: number,
  refunded: number,
  asked: number | undefined,
):
  | { ok: true; amount: number; remaining: number }
  | { ok: false; code: Extract<ErrorCode, 'REFUND_NOT_ALLOWED' | 'REFUND_AMOUNT_INVALID'> } {
  if (asked !== undefined && (!Number.isSafeInteger(asked) || asked <= 0)) return { ok: false, code: 'REFUND_AMOUNT_INVALID' };
  const left = paid - refunded;
  if (paid <= 0 || left <= 0) return { ok: false, code: 'REFUND_NOT_ALLOWED' };
  const amount = asked ?? left;
  if (amount > left) return { ok: false, code: 'REFUND_AMOUNT_INVALID' };
  return { ok: true, amount, remaining: left - amount };
}

/** The tax in `cumulative` yen of refunds of the payment: all of its tax once it is all refunded. */
function taxRefundedUpTo(p: RefundedPayment, cumulative: number): number {
  if (cumulative >= p.billingAmount) return p.taxAmount;
  return Math.floor((cumulative * p.taxRate) / (100 + p.taxRate));
}

/**
 * The tax in a refund of `amount` after `refundedBefore` yen were refunded: the difference of the
 * tax refunded up to after and before it, so the refunds' taxes add up to the payment's exactly.
 */
export function refundTax(p: RefundedPayment, refundedBefore: number, amount: number): number {
  return taxRefundedUpTo(p, refundedBefore + amount) - taxRefundedUpTo(p, refundedBefore);
}
