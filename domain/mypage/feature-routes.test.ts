import { describe, expect, it } from 'vitest';
import { apiFeature, codePurposeFeature, consentFeature, consentScreenType, isFeatureOn, pageFeature } from './feature-routes.ts';

const allOff = {
  newsletter: false,
  privacy: false,
  pinCode: false,
  oidcConnections: false,
  userId: false,
  password: false,
  profileImage: false,
};

describe('consentScreenType', () => {
  it('privacy only when the query says so, otherwise the newsletter', () => {
    expect(consentScreenType('privacy')).toBe('privacy');
    expect(consentScreenType('newsletter')).toBe('newsletter');
    expect(consentScreenType(undefined)).toBe('newsletter');
    expect(consentScreenType('Privacy')).toBe('newsletter');
    expect(consentFeature('privacy')).toBe('privacy');
    expect(consentFeature('newsletter')).toBe('newsletter');
  });
});

describe('pageFeature', () => {
  it.each([
    ['/mypage/pin-code', '', 'pinCode'],
    ['/mypage/pin-code/complete', '', 'pinCode'],
    ['/mypage/user-id/edit', '', 'userId'],
    ['/mypage/user-id/edit/complete', '', 'userId'],
    ['/mypage/password/edit', '', 'password'],
    ['/mypage/password/edit/complete', '', 'password'],
    ['/mypage/enable-password', '', 'password'],
    ['/mypage/enable-password/complete/', '', 'password'],
    ['/mypage/profile/edit', '', 'profileImage'],
    ['/mypage/connections', '', 'oidcConnections'],
    ['/mypage/connections/client/app-1', '', 'oidcConnections'],
    ['/mypage/consent', '?type=privacy', 'privacy'],
    ['/mypage/consent', 'type=newsletter', 'newsletter'],
    ['/mypage/consent', '', 'newsletter'],
  ])('%s%s needs %s', (path, search, flag) => {
    expect(pageFeature(path, search)).toBe(flag);
  });

  it.each([
    '/mypage',
    '/mypage/edit',
    '/mypage/email/edit',
    '/mypage/login-history',
    '/withdraw',
    '/mypage/pin-codes',
    '/mypage/passwords',
  ])('%s needs no flag', (path) => expect(pageFeature(path)).toBeNull());
});

describe('apiFeature', () => {
  it.each([
    ['/zapi/account/pinCode/set', 'pinCode'],
    ['/zapi/account/user-id/edit', 'userId'],
    ['/zapi/account/user-id/verify', 'userId'],
    ['/zapi/account/password/edit', 'password'],
    ['/zapi/account/enable-password', 'password'],
    ['/zapi/account/profile-image', 'profileImage'],
    ['/zapi/oidc/revoke/grant/g1', 'oidcConnections'],
  ])('%s needs %s', (path, flag) => expect(apiFeature(path)).toBe(flag));

  it.each([
    '/zapi/account/edit',
    '/zapi/account/email/edit',
    '/zapi/account/consent',
    '/zapi/account/withdraw',
    '/zapi/account/password-reset',
  ])('%s needs no flag by its path', (path) => expect(apiFeature(path)).toBeNull());
});

describe('codePurposeFeature', () => {
  it('only setting a password needs a flag', () => {
    expect(codePurposeFeature('passwordSetting')).toBe('password');
    for (const p of ['signUp', 'mailEdit', 'withdraw', 'login'] as const) expect(codePurposeFeature(p)).toBeNull();
  });
});

describe('isFeatureOn', () => {
  it('on without a flag, else as the flag says', () => {
    expect(isFeatureOn(null, allOff)).toBe(true);
    expect(isFeatureOn('pinCode', allOff)).toBe(false);
    expect(isFeatureOn('pinCode', { ...allOff, pinCode: true })).toBe(true);
  });

  it('every page of a flag answers 404 when it is off', () => {
    for (const path of ['/mypage/pin-code', '/mypage/user-id/edit', '/mypage/password/edit', '/mypage/profile/edit', '/mypage/connections'])
      expect(isFeatureOn(pageFeature(path), allOff), path).toBe(false);
    expect(isFeatureOn(pageFeature('/mypage/consent', '?type=privacy'), { ...allOff, newsletter: true })).toBe(false);
    expect(isFeatureOn(pageFeature('/mypage/consent', '?type=newsletter'), { ...allOff, newsletter: true })).toBe(true);
  });
});
