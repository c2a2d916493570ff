// The words of each error page (spec 2 and 8). Pure: each takes the page's Lingui instance.
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ErrorPageKind } from '#domain/error-pages.ts';

export type ErrorTexts = {
  /** The page's heading and title. */
  header: string;
  /** The kind of error, shown small above the heading. */
  type: string;
  /** What happened and what to do. */
  text: string;
};

/** The error object's own message, when the page has one (the generic page shows it). */
export type ErrorDetails = { message?: string; code?: string };

export function errorTexts(i18n: I18n, kind: ErrorPageKind, details: ErrorDetails = {}): ErrorTexts {
  switch (kind) {
    case '401':
      return {
        header: t(i18n)`セッションの有効期限が切れました`,
        type: t(i18n)`認証エラー`,
        text: t(i18n)`一定時間操作がなかったため、安全のためにセッションを終了しました。お手数ですが、もう一度ログインしてください。`,
      };
    case '403':
      return {
        header: t(i18n)`このページにアクセスできません`,
        type: t(i18n)`アクセス制限`,
        text: t(i18n)`このページを表示する権限がないか、サーバーが混み合っています。しばらく時間をおいてから、もう一度お試しください。`,
      };
    case '404':
      return {
        header: t(i18n)`ページが見つかりません`,
        type: t(i18n)`ページエラー`,
        text: t(i18n)`お探しのページは、移動または削除されたか、URLが間違っている可能性があります。`,
      };
    case '500':
      return {
        header: t(i18n)`ただいまご利用いただけません`,
        type: t(i18n)`サーバーエラー`,
        text: t(i18n)`サーバーでエラーが発生したため、ページを表示できませんでした。しばらく時間をおいてから、もう一度お試しください。`,
      };
    case '502':
      return {
        header: t(i18n)`正しい応答がありませんでした`,
        type: t(i18n)`ゲートウェイエラー`,
        text: t(i18n)`サーバーから正しい応答が得られませんでした。しばらく時間をおいてから、もう一度お試しください。`,
      };
    case '503':
      return {
        header: t(i18n)`ただいまメンテナンス中です`,
        type: t(i18n)`メンテナンス`,
        text: t(i18n)`現在、メンテナンスのためサービスを一時停止しています。ご不便をおかけしますが、終了までしばらくお待ちください。`,
      };
    case '504':
      return {
        header: t(i18n)`サーバーから応答がありませんでした`,
        type: t(i18n)`タイムアウト`,
        text: t(i18n)`サーバーからの応答が時間内にありませんでした。しばらく時間をおいてから、もう一度お試しください。`,
      };
    case 'regionUnavailable':
      return {
        header: t(i18n)`お住まいの地域ではご利用いただけません`,
        type: t(i18n)`地域制限`,
        text: t(i18n)`このサービスは、現在アクセスしている国・地域ではご利用いただけません。`,
      };
    case 'profileForbidden':
      return {
        header: t(i18n)`このプロフィールでは閲覧できません`,
        type: t(i18n)`プロフィール制限`,
        text: t(i18n)`このプロフィールでの閲覧は禁止されています。閲覧が許可されたプロフィールに切り替えてから、もう一度お試しください。`,
      };
    case 'generic': {
      const message = details.message || t(i18n)`エラーが発生しました`;
      const code = details.code || 'UNKNOWN';
      return {
        header: t(i18n)`エラーが発生しました`,
        type: t(i18n)`エラー`,
        // Spec 8: the generic format is the message plus the error code.
        text: t(i18n)`${message}（エラーコード：${code}）`,
      };
    }
  }
}
