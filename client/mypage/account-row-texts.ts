import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { formatJstDateTime } from '#domain/jst-date-time.ts';
import type { PrivacyRowKind } from '#domain/mypage/account-rows.ts';
import type { MypageTopScreen } from '#domain/mypage-screens.ts';

type AccountRow = MypageTopScreen['accountRows'][number];

/** What one account row of /mypage says: its label, the member's value, and its link's words. */
export type RowText = { label: string; value: string | null; action: string };

export function accountRowText(i18n: I18n, row: AccountRow, data: Pick<MypageTopScreen, 'email' | 'userId'>): RowText {
  switch (row.kind) {
    case 'email':
      return { label: t(i18n)`メールアドレス`, value: data.email, action: t(i18n)`メールアドレスを変更する` };
    case 'userId':
      return {
        label: t(i18n)`ユーザID`,
        value: data.userId ?? t(i18n)`未設定`,
        action: row.hasUserId ? t(i18n)`ユーザIDを変更する` : t(i18n)`ユーザIDを設定する`,
      };
    case 'password': {
      // Spec 2: the password row shows its last change, in JST.
      const when = row.updatedAt ? formatJstDateTime(row.updatedAt, { seconds: false }) : null;
      return {
        label: t(i18n)`パスワード`,
        value: !row.hasPassword ? t(i18n)`未設定` : when ? t(i18n)`最終更新日時：${when}` : null,
        action: row.hasPassword ? t(i18n)`パスワードを変更する` : t(i18n)`パスワードを設定する`,
      };
    }
    case 'registration':
      return { label: t(i18n)`登録情報`, value: null, action: t(i18n)`登録情報を編集する` };
    case 'profileImage':
      return { label: t(i18n)`プロフィール画像`, value: null, action: t(i18n)`プロフィール画像を変更する` };
  }
}

export function privacyRowText(i18n: I18n, kind: PrivacyRowKind): string {
  switch (kind) {
    case 'loginHistory':
      return t(i18n)`ログイン履歴`;
    case 'newsletter':
      return t(i18n)`メールマガジン`;
    case 'privacy':
      return t(i18n)`プライバシー管理`;
    case 'pinCode':
      return t(i18n)`PINコード設定`;
    case 'connections':
      return t(i18n)`連動アプリ`;
    case 'withdrawal':
      return t(i18n)`退会`;
  }
}
