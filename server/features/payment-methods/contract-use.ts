// Spec 4 "Payment method" and 6: a payment method used by a contracted plan (isContractUsed)
// cannot be deleted. Contracts arrive with the purchase feature; until it fills this port, no
// method is used by any contract. The purchase feature passes its own check to
// createPaymentMethodService in server/composition.ts (like the withdrawal's contract block).

/** The ids of the member's payment methods that a contract uses (or that a pending cancellation still needs). */
export type ContractUse = (storeId: string, accountId: string) => Promise<ReadonlySet<string>>;

/** Today: no contracts exist, so no method is in use. */
export const noContractUse: ContractUse = async () => new Set();
