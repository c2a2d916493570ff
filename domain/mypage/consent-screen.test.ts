import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en.po';
import { messages as ja } from '../../locales/ja.po';
import { consentTitle, consentUpdateFailedText, privacyPolicyHref } from './consent-screen.ts';

const i18nJa = setupI18n({ locale: 'ja', messages: { ja } });
const i18nEn = setupI18n({ locale: 'en', messages: { en } });

describe('consent texts', () => {
  it('the title by type, and the failure text, as the spec quotes them', () => {
    expect(consentTitle(i18nJa, 'privacy')).toBe('プライバシー管理');
    expect(consentTitle(i18nJa, 'newsletter')).toBe('メールマガジン');
    expect(consentUpdateFailedText(i18nJa)).toBe('更新に失敗しました。');
  });

  it('in English', () => {
    expect(consentTitle(i18nEn, 'privacy')).toBe('Privacy settings');
    expect(consentTitle(i18nEn, 'newsletter')).toBe('Newsletter');
    expect(consentUpdateFailedText(i18nEn)).toBe('The update failed.');
  });
});

describe('privacyPolicyHref', () => {
  it('the external source when the policy lives elsewhere, otherwise /privacy', () => {
    expect(privacyPolicyHref([{ key: 'privacy', isExternal: true, externalUrl: 'https://example.jp/privacy' }])).toBe(
      'https://example.jp/privacy',
    );
    expect(privacyPolicyHref([{ key: 'privacy', isExternal: false }])).toBe('/privacy');
    expect(privacyPolicyHref([{ key: 'terms', isExternal: true, externalUrl: 'https://example.jp/terms' }])).toBe('/privacy');
    expect(privacyPolicyHref([])).toBe('/privacy');
  });
});
