// The block of spec 4 "Withdrawal" and 6: withdrawal is refused while a contract subscription
// exists. The subscriptions feature fills this port (`blockingContract`: a trial, running or held
// subscription; a cancel request ends by itself and does not block; decisions 0014, 0020), and the
// withdrawal service asks it on the page and at both steps.

/** The subscription that keeps the member from withdrawing, or null when none does. */
export type BlockingContract = { subscriptionId: string } | null;

export type ContractBlock = (accountId: string) => Promise<BlockingContract>;
