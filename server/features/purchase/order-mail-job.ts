// The order confirmation mail's job (decision 0045), apart from the mail itself so that a command in
// plain Node (the support command's resend, decision 0051) can queue one without the templates.
export const ORDER_CONFIRMATION_JOB = 'purchase.orderConfirmation';
export type OrderConfirmationJob = { accountId: string; orderId: string };
