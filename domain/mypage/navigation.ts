// The navigation of My Page (spec 2 "Layout of My Page"): the side menu (wide screens) or slider
// menu (narrow screens) with Home, Plan, Payment method and Payment history plus back to top.
// Neither menu shows in the app, on completion pages or on the social-relate error page; those
// pages show only a back link, to the stored previous page or My Page.
import { safeRedirect } from '../safe-redirect.ts';

export const MYPAGE_PATH = '/mypage';

/** The store's top page, the menu's "back to top". */
export const TOP_PATH = '/';

/**
 * The page that reports a failed external-ID link. The route list of the spec does not name it;
 * the external-ID issue brings it at this path.
 */
export const SOCIAL_RELATE_ERROR_PATH = '/mypage/social/relate-error';

export const mypageMenuItems = ['home', 'plans', 'paymentMethod', 'paymentHistory'] as const;
export type MypageMenuItem = (typeof mypageMenuItems)[number];

export const MENU_ITEM_PATHS: Readonly<Record<MypageMenuItem, string>> = {
  home: MYPAGE_PATH,
  plans: '/mypage/plans',
  paymentMethod: '/mypage/payment-method',
  paymentHistory: '/mypage/payment-history',
};

/** The store status of the root data. */
export type StoreStatus = { hasSubscriptionPlan: boolean; isStorePaymentAvailable: boolean };

/**
 * The menu's items in display order: Home with a subscription plan or store payment; Plan with a
 * subscription plan; both payment items with store payment. "Back to top" always follows them.
 */
export function menuItems(status: StoreStatus): MypageMenuItem[] {
  const shown: Record<MypageMenuItem, boolean> = {
    home: status.hasSubscriptionPlan || status.isStorePaymentAvailable,
    plans: status.hasSubscriptionPlan,
    paymentMethod: status.isStorePaymentAvailable,
    paymentHistory: status.isStorePaymentAvailable,
  };
  return mypageMenuItems.filter((item) => shown[item]);
}

/** The path without query, fragment or trailing slash ('/mypage/' -> '/mypage'). */
function pathOnly(pathname: string): string {
  const path = pathname.replace(/[?#].*$/s, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A completion page: its last segment is 'complete' (/mypage/edit/complete, /withdraw/complete…). */
export function isCompletionPage(pathname: string): boolean {
  return /\/complete$/.test(pathOnly(pathname));
}

/**
 * Where the back link of a page leads, for pages whose target is fixed: completion pages return
 * to My Page (after withdrawal, when there is no My Page any more, to the top); the e-mail code
 * step to step 1; a connected app's detail to the list.
 */
function fixedBackTarget(path: string): string | null {
  if (path === '/withdraw/complete') return TOP_PATH;
  if (isCompletionPage(path)) return MYPAGE_PATH;
  if (path === '/mypage/email/edit/pin-code') return '/mypage/email/edit';
  if (/^\/mypage\/connections\/client\/[^/]+$/.test(path)) return '/mypage/connections';
  return null;
}

/**
 * The back link's target: the fixed one of the page, else the stored previous page when it is a
 * same-site path other than this page and a place to return to (never a flow step nor /logout),
 * else My Page.
 */
export function backLinkTarget(pathname: string, storedPrevious: unknown): string {
  const path = pathOnly(pathname);
  const fixed = fixedBackTarget(path);
  if (fixed) return fixed;
  const previous = safeRedirect(storedPrevious, '');
  if (previous === '' || pathOnly(previous) === path || !isReturnablePage(previous)) return MYPAGE_PATH;
  return previous;
}

/**
 * Whether a page may be "the previous page" of a back link: completion and code pages are steps
 * of a flow, not places to return to, and /logout would end the session.
 */
export function isReturnablePage(pathname: string): boolean {
  const path = pathOnly(pathname);
  if (path === '/logout' || path.startsWith('/logout/')) return false;
  return !isCompletionPage(path) && !/\/pin-code$/.test(path) && path !== SOCIAL_RELATE_ERROR_PATH;
}

export type MypageNavigation = {
  /** The menu's items (back to top follows them); null when no menu shows. */
  menu: MypageMenuItem[] | null;
  /** The back link's target; null when the menu shows, or when it would lead to this very page. */
  backLink: string | null;
};

/**
 * What a page of the member area shows: the menu, except in the app, on completion pages, on the
 * social-relate error page, and when no item qualifies (a menu of "back to top" alone would
 * strand the member); those pages show a back link instead.
 */
export function mypageNavigation(input: {
  pathname: string;
  isApp: boolean;
  status: StoreStatus;
  storedPrevious?: unknown;
}): MypageNavigation {
  const path = pathOnly(input.pathname);
  const items = menuItems(input.status);
  const noMenu = input.isApp || isCompletionPage(path) || path === SOCIAL_RELATE_ERROR_PATH || items.length === 0;
  if (!noMenu) return { menu: items, backLink: null };
  const target = backLinkTarget(path, input.storedPrevious);
  return { menu: null, backLink: pathOnly(target) === path ? null : target };
}

/** How far one press of the slider menu's arrows scrolls it (spec 2). */
export const SLIDER_STEP_PX = 160;

/** The slider menu's scroll position after one step in `direction`, kept within 0..maxScroll. */
export function sliderScrollAfterStep(current: number, direction: 'back' | 'forward', maxScroll: number): number {
  const next = current + (direction === 'forward' ? SLIDER_STEP_PX : -SLIDER_STEP_PX);
  return Math.min(Math.max(0, maxScroll), Math.max(0, next));
}
