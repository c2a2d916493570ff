// The block of spec 4 "Withdrawal" and 6: withdrawal is refused while a contract subscription
// exists. Subscriptions arrive with the billing issue; until then no member has one, so this hook
// answers "no blocking contract". Billing replaces its body (decision 0014), and the withdrawal
// service already asks it at both steps.

/** The subscription that keeps the member from withdrawing, or null when none does. */
export type BlockingContract = { subscriptionId: string } | null;

export type ContractBlock = (storeId: string, accountId: string) => Promise<BlockingContract>;

/** Today: no subscriptions exist, so nothing blocks. */
export const noBlockingContract: ContractBlock = async () => null;
