// The words and the policy link of /mypage/consent (spec 2 "Consent screen", 8). Pure: each text
// takes the page's Lingui instance.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ConsentType } from '../validation/consent.ts';

/** 'プライバシー管理' for the privacy screen, otherwise 'メールマガジン'. */
export function consentTitle(i18n: I18n, type: ConsentType): string {
  return type === 'privacy' ? t(i18n)`プライバシー管理` : t(i18n)`メールマガジン`;
}

/** Shown under a toggle whose update failed. */
export function consentUpdateFailedText(i18n: I18n): string {
  return t(i18n)`更新に失敗しました。`;
}

export const PRIVACY_PAGE_PATH = '/privacy';

/**
 * Where the privacy variant's policy link goes: the external source when the store's privacy
 * policy lives elsewhere, otherwise /privacy. Either way it opens in a new tab.
 */
export function privacyPolicyHref(policies: readonly { key: string; isExternal: boolean; externalUrl?: string | undefined }[]): string {
  const privacy = policies.find((p) => p.key === 'privacy');
  return privacy?.isExternal && privacy.externalUrl ? privacy.externalUrl : PRIVACY_PAGE_PATH;
}
