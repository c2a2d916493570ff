// Which store flag each member-area page and call needs (spec 1, 6; issue 8: every flag off
// removes its row and makes its pages and calls answer 404).

import type { ConsentType } from '../validation/consent.ts';
import type { AuthCodePurpose } from '../validation/send-pin-code.ts';
import type { StoreFeatures } from './account-rows.ts';

export type FeatureFlag = keyof StoreFeatures;

/** The consent screen's type: 'privacy' when the query says so, otherwise the newsletter (spec 2). */
export function consentScreenType(type: string | null | undefined): ConsentType {
  return type === 'privacy' ? 'privacy' : 'newsletter';
}

/** The flag of a consent type: each screen has its own. */
export function consentFeature(type: ConsentType): FeatureFlag {
  return type;
}

const PAGE_PREFIXES: readonly [string, FeatureFlag][] = [
  ['/mypage/pin-code', 'pinCode'],
  ['/mypage/user-id', 'userId'],
  ['/mypage/password', 'password'],
  ['/mypage/enable-password', 'password'],
  ['/mypage/profile', 'profileImage'],
  ['/mypage/connections', 'oidcConnections'],
];

const underPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * The flag a member-area page needs, or null when it needs none. `search` is the query string
 * (the consent page's type lives there).
 */
export function pageFeature(pathname: string, search = ''): FeatureFlag | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/mypage/consent') return consentFeature(consentScreenType(new URLSearchParams(search).get('type')));
  return PAGE_PREFIXES.find(([prefix]) => underPrefix(path, prefix))?.[1] ?? null;
}

const API_PREFIXES: readonly [string, FeatureFlag][] = [
  ['/zapi/account/pinCode', 'pinCode'],
  ['/zapi/account/user-id', 'userId'],
  ['/zapi/account/password', 'password'],
  ['/zapi/account/enable-password', 'password'],
  ['/zapi/account/profile-image', 'profileImage'],
  ['/zapi/oidc/revoke', 'oidcConnections'],
];

/**
 * The flag a call needs by its path alone, or null. The consent call depends on the body's key
 * (consentFeature) and the code resend on its purpose (codePurposeFeature).
 */
export function apiFeature(pathname: string): FeatureFlag | null {
  return API_PREFIXES.find(([prefix]) => underPrefix(pathname, prefix))?.[1] ?? null;
}

/** The flag a one-time code purpose needs: setting a password needs passwords. */
export function codePurposeFeature(purpose: AuthCodePurpose): FeatureFlag | null {
  return purpose === 'passwordSetting' ? 'password' : null;
}

/** Whether a page or call is on for the store: no flag needed, or its flag is on. */
export function isFeatureOn(flag: FeatureFlag | null, features: StoreFeatures): boolean {
  return flag === null || features[flag];
}
