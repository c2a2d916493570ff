// The rows of the account top, /mypage (spec 2 "Account top"): account rows by the store's flags
// and the member's credentials, privacy rows by the flags, and what the app (embedded browser)
// hides: plans, profile image, external IDs, connected apps and withdrawal.
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import { editedFields } from '../validation/profile-field-list.ts';

export type StoreFeatures = PublicStoreSettings['features'];

/** What the rows need to know of the member. */
export type MemberCredentials = {
  hasPassword: boolean;
  /** Whether the member can log in with their e-mail address (external-ID members may not). */
  hasEmailIdentifier: boolean;
  userId: string | null;
  /** ISO 8601; null when the password was never set. */
  passwordUpdatedAt: string | null;
};

export const ENABLE_PASSWORD_PATH = '/mypage/enable-password';

/**
 * Spec 2 and 6: members with no e-mail identifier must first set a password (through a code to
 * their address) before setting a user ID or changing the password; so must members without a
 * password, since both changes are confirmed with it.
 */
export function needsPasswordFirst(member: Pick<MemberCredentials, 'hasPassword' | 'hasEmailIdentifier'>): boolean {
  return !member.hasPassword || !member.hasEmailIdentifier;
}

/**
 * Where a credential page sends a member who may not use it yet (or any more): the user-ID and
 * password changes to the password setting while a password must come first; the password
 * setting to the change once the member has a password and an e-mail identifier. null: stay.
 */
export function passwordFirstRedirect(
  pathname: string,
  member: Pick<MemberCredentials, 'hasPassword' | 'hasEmailIdentifier'>,
): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const first = needsPasswordFirst(member);
  if (first && (path === '/mypage/password/edit' || path === '/mypage/user-id/edit')) return ENABLE_PASSWORD_PATH;
  if (!first && path === ENABLE_PASSWORD_PATH) return '/mypage/password/edit';
  return null;
}

export type AccountRow =
  | { kind: 'email'; href: string }
  /** `href` null: the store has no passwords, so a change cannot be confirmed; the ID is shown only. */
  | { kind: 'userId'; href: string | null; hasUserId: boolean }
  | { kind: 'password'; href: string; hasPassword: boolean; updatedAt: string | null }
  | { kind: 'registration'; href: string }
  | { kind: 'profileImage'; href: string };

type RowSettings = Pick<PublicStoreSettings, 'features' | 'signupFields'>;

/** Whether the basic-information edit has any field (a store may ask nothing at sign-up). */
export function hasRegistrationFields(settings: RowSettings): boolean {
  return editedFields(settings).length > 0 || settings.signupFields.customAssociatedInfo.some((d) => d.rule !== 'NOT_USE');
}

/** The account rows in display order. */
export function accountRows(settings: RowSettings, member: MemberCredentials, isApp: boolean): AccountRow[] {
  const f = settings.features;
  const passwordFirst = needsPasswordFirst(member);
  const rows: AccountRow[] = [{ kind: 'email', href: '/mypage/email/edit' }];
  if (f.userId) {
    const href = !f.password ? null : passwordFirst ? ENABLE_PASSWORD_PATH : '/mypage/user-id/edit';
    rows.push({ kind: 'userId', href, hasUserId: member.userId !== null });
  }
  if (f.password) {
    rows.push({
      kind: 'password',
      href: passwordFirst ? ENABLE_PASSWORD_PATH : '/mypage/password/edit',
      hasPassword: member.hasPassword,
      updatedAt: member.hasPassword ? member.passwordUpdatedAt : null,
    });
  }
  if (hasRegistrationFields(settings)) rows.push({ kind: 'registration', href: '/mypage/edit' });
  if (f.profileImage && !isApp) rows.push({ kind: 'profileImage', href: '/mypage/profile/edit' });
  return rows;
}

export const privacyRowKinds = ['loginHistory', 'newsletter', 'privacy', 'pinCode', 'connections', 'withdrawal'] as const;
export type PrivacyRowKind = (typeof privacyRowKinds)[number];

export const PRIVACY_ROW_PATHS: Readonly<Record<PrivacyRowKind, string>> = {
  loginHistory: '/mypage/login-history',
  newsletter: '/mypage/consent?type=newsletter',
  privacy: '/mypage/consent?type=privacy',
  pinCode: '/mypage/pin-code',
  connections: '/mypage/connections',
  withdrawal: '/withdraw',
};

/** The privacy rows in display order. */
export function privacyRows(features: StoreFeatures, isApp: boolean): PrivacyRowKind[] {
  const shown: Record<PrivacyRowKind, boolean> = {
    loginHistory: true,
    newsletter: features.newsletter,
    privacy: features.privacy,
    pinCode: features.pinCode,
    connections: features.oidcConnections && !isApp,
    withdrawal: !isApp,
  };
  return privacyRowKinds.filter((kind) => shown[kind]);
}

/** The blocks of /mypage besides the rows (both belong to later issues; hidden in the app). */
export function accountTopBlocks(settings: Pick<PublicStoreSettings, 'externalIdProviders'>, isApp: boolean) {
  return { contractedPlans: !isApp, externalIds: !isApp && settings.externalIdProviders.length > 0 };
}
