// Spec 4 "Payment method" and 6: a payment method used by a contracted plan (isContractUsed)
// cannot be deleted, nor one a pending cancellation still needs (member-area 8). The subscriptions
// feature fills this port (server/features/subscriptions/service.ts `methodsInUse`, wired in
// server/app/composition.ts; decision 0020).

/**
 * The ids of the member's payment methods that a contract uses (or that a pending cancellation still
 * needs), in the store of the database scope (decision 0040).
 */
export type ContractUse = (accountId: string) => Promise<ReadonlySet<string>>;

/**
 * Whether one of a provider return's values names an order waiting for its registration (a
 * subscription's carrier or PayPal agreement started by the purchase, decision 0048): My Page's
 * return leaves such a result unspent for the purchase's. The purchase feature fills this port.
 */
export type PurchaseRegistrationWaiting = (values: string[]) => Promise<boolean>;
