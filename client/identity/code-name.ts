import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import type { AuthCodePurpose } from '#domain/validation/send-pin-code.ts';

/** What the store calls the code of `purpose` (e.g. ログインコード), else 認証コード — as the mail says. */
export function codeName(i18n: I18n, settings: PublicStoreSettings, purpose: AuthCodePurpose, lang: Language): string {
  return pickText(settings.authCode.purposes[purpose]?.displayName, lang) ?? t(i18n)`認証コード`;
}

/** A name as a label: capitalised in English ("login code" -> "Login code"). */
export function asLabel(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
