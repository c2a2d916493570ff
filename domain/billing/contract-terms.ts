// What a new contract records for its renewals, from the order the member confirmed: the day of
// month renewals aim at, the first payment day, the trial's last day, the last day of use.
import type { OrderComputation } from '#domain/commerce/order.ts';
import { addDays } from '#domain/commerce/order-dates.ts';

export type ContractTerms = {
  anchorDay: number;
  firstPaymentDay: string;
  trialEndsOn: string | null;
  usableUntil: string;
};

export function contractTermsOf(c: Pick<OrderComputation, 'firstPaymentDay' | 'freeDays' | 'nextSettlementDay'>): ContractTerms {
  const next = c.nextSettlementDay ?? c.firstPaymentDay;
  return {
    // The first payment day: the purchase day, or the day after the free days.
    anchorDay: Number(c.firstPaymentDay.slice(8, 10)),
    firstPaymentDay: c.firstPaymentDay,
    trialEndsOn: c.freeDays > 0 ? addDays(c.firstPaymentDay, -1) : null,
    usableUntil: addDays(next, -1),
  };
}
