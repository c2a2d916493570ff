import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { PROVIDER_NAMES } from '#client/external-ids/providers.tsx';
import { clientText, deviceText } from '#domain/mypage/login-history.ts';
import type { LoginHistoryScreenRow } from '#domain/mypage-screens.ts';

/** The columns of the login history (spec 2), in order. */
export function columnTitles(i18n: I18n) {
  return {
    dateTime: t(i18n)`日時`,
    result: t(i18n)`結果`,
    loginType: t(i18n)`ログイン方法`,
    device: t(i18n)`デバイス`,
    browser: t(i18n)`ブラウザ`,
    country: t(i18n)`国`,
    ip: t(i18n)`IPアドレス`,
  };
}

export type Column = keyof ReturnType<typeof columnTitles>;

/** One entry's cells in the viewer's words. */
export function rowCells(i18n: I18n, row: LoginHistoryScreenRow): Record<Column, string> {
  const result = row.result === 'success' ? t(i18n)`成功` : t(i18n)`失敗`;
  const unknown = t(i18n)`不明`;
  // An external-ID login shows its provider.
  const loginType =
    row.loginType === 'password' ? t(i18n)`パスワード` : row.loginType === 'authCode' ? t(i18n)`認証コード` : PROVIDER_NAMES[row.loginType];
  const deviceType = {
    mobile: t(i18n)`モバイル`,
    tablet: t(i18n)`タブレット`,
    desktop: t(i18n)`デスクトップ`,
    unknown: '',
  }[row.deviceType];
  return {
    dateTime: row.dateTime,
    result,
    loginType,
    device: deviceText(clientText(row.deviceName, unknown), deviceType),
    browser: clientText(row.browser, unknown),
    country: row.country,
    ip: row.ip,
  };
}
