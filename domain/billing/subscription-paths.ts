// The member-area paths of contracts, apart from the screens' schemas so that a page that only
// links to them loads no zod (decision 0056). Import them from here, the one home of each name.

export const SUBSCRIPTION_PATH = (id: string) => `/mypage/subscription/${encodeURIComponent(id)}`;
export const MY_PLANS_PATH = '/mypage/plans';
export const PAYMENT_HISTORY_PATH = '/mypage/payment-history';
export const INVOICE_PATH = (earningsId: string) => `/mypage/invoice/${encodeURIComponent(earningsId)}`;
/** The only return target of the withdraw mode (member-area 2: returnTo=/withdraw). */
export const WITHDRAW_RETURN = '/withdraw';
