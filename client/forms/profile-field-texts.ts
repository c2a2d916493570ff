import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ProfileField } from '#domain/validation/profile-field-list.ts';

/** The label of each standard profile field. */
export function profileLabel(i18n: I18n, field: ProfileField): string {
  switch (field) {
    case 'userId':
      return t(i18n)`ユーザID`;
    case 'name':
      return t(i18n)`氏名`;
    case 'nameKana':
      return t(i18n)`氏名（カナ）`;
    case 'familyName':
      return t(i18n)`姓`;
    case 'givenName':
      return t(i18n)`名`;
    case 'familyNameKana':
      return t(i18n)`セイ`;
    case 'givenNameKana':
      return t(i18n)`メイ`;
    case 'nickname':
      return t(i18n)`ニックネーム`;
    case 'sex':
      return t(i18n)`性別`;
    case 'birthday':
      return t(i18n)`生年月日`;
    case 'phoneNumber':
      return t(i18n)`電話番号`;
    case 'postalCode':
      return t(i18n)`郵便番号`;
    case 'prefecture':
      return t(i18n)`都道府県`;
    case 'address':
      return t(i18n)`住所`;
    case 'message':
      return t(i18n)`メッセージ`;
  }
}

/** A short hint on the expected format, where one helps. */
export function profileHint(i18n: I18n, field: ProfileField): string | undefined {
  switch (field) {
    case 'userId':
      return t(i18n)`半角英数字6〜15文字。ログインにも使えます。`;
    case 'nameKana':
      return t(i18n)`全角カタカナ（例：ヤマダ タロウ）`;
    case 'familyNameKana':
    case 'givenNameKana':
      return t(i18n)`全角カタカナ`;
    case 'birthday':
      return t(i18n)`半角数字で入力すると「/」が入ります（例：1990/01/31）`;
    case 'phoneNumber':
      return t(i18n)`ハイフンなしの半角数字（例：09012345678）`;
    case 'postalCode':
      return t(i18n)`ハイフンなしの7桁の数字（例：1000001）`;
    case 'address':
      return t(i18n)`市区町村・番地・建物名`;
    default:
      return undefined;
  }
}
