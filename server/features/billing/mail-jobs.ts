// Mail jobs of the billing engine, written in the batch's transaction (so each is recorded once)
// and sent by the mail worker (decision 0009).
export const BILLING_RECEIPT_JOB = 'billing.receipt';
export const BILLING_FAILED_JOB = 'billing.failed';

export type BillingReceiptJob = { accountId: string; earningsId: string };
export type BillingFailedJob = {
  accountId: string;
  contractId: string;
  planId: string;
  amount: number;
  ended: boolean;
  retryUntil: string | null;
};
