import { describe, expect, it } from 'vitest';
import { publicWith, tenants } from '../validation/test-support.ts';
import {
  accountRows,
  accountTopBlocks,
  hasRegistrationFields,
  type MemberCredentials,
  needsPasswordFirst,
  PRIVACY_ROW_PATHS,
  passwordFirstRedirect,
  privacyRows,
} from './account-rows.ts';

const allOn = { newsletter: true, privacy: true, pinCode: true, oidcConnections: true, userId: true, password: true, profileImage: true };
const allOff = {
  newsletter: false,
  privacy: false,
  pinCode: false,
  oidcConnections: false,
  userId: false,
  password: false,
  profileImage: false,
};
const withFields = (features: Record<string, boolean>) => publicWith({ features, signupFields: { nickname: 'OPTIONAL' } });

const member: MemberCredentials = {
  hasPassword: true,
  hasEmailIdentifier: true,
  userId: 'taro2026',
  passwordUpdatedAt: '2026-04-01T09:00:00+09:00',
};
const externalOnly: MemberCredentials = { hasPassword: false, hasEmailIdentifier: false, userId: null, passwordUpdatedAt: null };

describe('needsPasswordFirst', () => {
  it('without an e-mail identifier or without a password', () => {
    expect(needsPasswordFirst(member)).toBe(false);
    expect(needsPasswordFirst({ hasPassword: false, hasEmailIdentifier: true })).toBe(true);
    expect(needsPasswordFirst({ hasPassword: true, hasEmailIdentifier: false })).toBe(true);
    expect(needsPasswordFirst(externalOnly)).toBe(true);
  });
});

describe('passwordFirstRedirect', () => {
  it('sends the changes to the password setting while a password must come first', () => {
    expect(passwordFirstRedirect('/mypage/password/edit', externalOnly)).toBe('/mypage/enable-password');
    expect(passwordFirstRedirect('/mypage/user-id/edit/', externalOnly)).toBe('/mypage/enable-password');
    expect(passwordFirstRedirect('/mypage/password/edit', member)).toBeNull();
  });

  it('sends the password setting to the change once it is done', () => {
    expect(passwordFirstRedirect('/mypage/enable-password', member)).toBe('/mypage/password/edit');
    expect(passwordFirstRedirect('/mypage/enable-password', externalOnly)).toBeNull();
    expect(passwordFirstRedirect('/mypage/enable-password/complete', member)).toBeNull();
  });
});

describe('accountRows', () => {
  it('every row with every flag on, outside the app', () => {
    expect(accountRows(withFields(allOn), member, false)).toEqual([
      { kind: 'email', href: '/mypage/email/edit' },
      { kind: 'userId', href: '/mypage/user-id/edit', hasUserId: true },
      { kind: 'password', href: '/mypage/password/edit', hasPassword: true, updatedAt: '2026-04-01T09:00:00+09:00' },
      { kind: 'registration', href: '/mypage/edit' },
      { kind: 'profileImage', href: '/mypage/profile/edit' },
    ]);
  });

  it('the flags remove their rows; e-mail always stays', () => {
    expect(accountRows(withFields(allOff), member, false).map((r) => r.kind)).toEqual(['email', 'registration']);
    expect(accountRows(withFields({ userId: true }), member, false).map((r) => r.kind)).toEqual([
      'email',
      'userId',
      'password',
      'registration',
    ]);
  });

  it('the app hides the profile image', () => {
    expect(accountRows(withFields(allOn), member, true).map((r) => r.kind)).toEqual(['email', 'userId', 'password', 'registration']);
  });

  it('a member without a password or e-mail identifier is sent to set a password first', () => {
    expect(accountRows(withFields(allOn), externalOnly, false).slice(1, 3)).toEqual([
      { kind: 'userId', href: '/mypage/enable-password', hasUserId: false },
      { kind: 'password', href: '/mypage/enable-password', hasPassword: false, updatedAt: null },
    ]);
  });

  it('without passwords in the store, the user ID is shown but cannot be changed', () => {
    expect(accountRows(withFields({ ...allOn, password: false }), member, false).slice(1, 2)).toEqual([
      { kind: 'userId', href: null, hasUserId: true },
    ]);
  });

  it('no registration row when the store asks nothing', () => {
    const bare = publicWith({ signupFields: { nickname: 'NOT_USE' } });
    expect(hasRegistrationFields(bare)).toBe(false);
    expect(accountRows(bare, member, false).map((r) => r.kind)).toEqual(['email', 'password']);
    const customOnly = publicWith({
      signupFields: { nickname: 'NOT_USE', customAssociatedInfo: [{ id: 'job', title: { ja: '職業' }, type: 'TEXT', rule: 'OPTIONAL' }] },
    });
    expect(hasRegistrationFields(customOnly)).toBe(true);
  });

  it('the user ID field alone, or the sign-up message alone, is no registration field', () => {
    expect(
      hasRegistrationFields(publicWith({ features: { userId: true }, signupFields: { nickname: 'NOT_USE', userId: 'REQUIRED' } })),
    ).toBe(false);
    expect(hasRegistrationFields(publicWith({ signupFields: { nickname: 'NOT_USE', message: 'OPTIONAL' } }))).toBe(false);
  });

  it.each(Object.entries(tenants))('demo store %s: rows follow its flags', (_, s) => {
    const kinds = accountRows(s, member, false).map((r) => r.kind);
    expect(kinds.includes('userId')).toBe(s.features.userId);
    expect(kinds.includes('password')).toBe(s.features.password);
    expect(kinds.includes('profileImage')).toBe(s.features.profileImage);
  });
});

describe('privacyRows', () => {
  it('every row with every flag on, outside the app', () => {
    expect(privacyRows(allOn, false)).toEqual(['loginHistory', 'newsletter', 'privacy', 'pinCode', 'connections', 'withdrawal']);
  });

  it('login history and withdrawal need no flag', () => {
    expect(privacyRows(allOff, false)).toEqual(['loginHistory', 'withdrawal']);
  });

  it('the app hides connected apps and withdrawal', () => {
    expect(privacyRows(allOn, true)).toEqual(['loginHistory', 'newsletter', 'privacy', 'pinCode']);
    expect(privacyRows(allOff, true)).toEqual(['loginHistory']);
  });

  it('each flag its row', () => {
    expect(privacyRows({ ...allOff, newsletter: true }, false)).toContain('newsletter');
    expect(privacyRows({ ...allOff, privacy: true }, false)).toContain('privacy');
    expect(privacyRows({ ...allOff, pinCode: true }, false)).toContain('pinCode');
    expect(privacyRows({ ...allOff, oidcConnections: true }, false)).toContain('connections');
  });

  it('links each row', () => {
    expect(PRIVACY_ROW_PATHS).toEqual({
      loginHistory: '/mypage/login-history',
      newsletter: '/mypage/consent?type=newsletter',
      privacy: '/mypage/consent?type=privacy',
      pinCode: '/mypage/pin-code',
      connections: '/mypage/connections',
      withdrawal: '/withdraw',
    });
  });
});

describe('accountTopBlocks', () => {
  it('plans and external IDs are hidden in the app; external IDs need a provider', () => {
    expect(accountTopBlocks({ externalIdProviders: ['line'] }, false)).toEqual({ contractedPlans: true, externalIds: true });
    expect(accountTopBlocks({ externalIdProviders: [] }, false)).toEqual({ contractedPlans: true, externalIds: false });
    expect(accountTopBlocks({ externalIdProviders: ['line'] }, true)).toEqual({ contractedPlans: false, externalIds: false });
  });
});
