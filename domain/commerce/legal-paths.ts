// The two places the legal terms of an order point to (decision 0045); a file of its own so the
// footer of every page can name the legal page without the order rules.

/** Where a member cancels a subscription (My Page's plan list, member area 4). */
export const CANCEL_PLACE_PATH = '/mypage/plans';
/** The store's 特定商取引法に基づく表記 page. */
export const LEGAL_NOTICE_PATH = '/legal/tokushoho';
