import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '#domain/errors.ts';

/** The default text of each error code, in the viewer's language. */
export const errorMessages: Partial<Record<ErrorCode, MessageDescriptor>> = {
  NOT_FOUND: msg`ページが見つかりません。`,
  STORE_NOT_FOUND: msg`ページが見つかりません。`,
  UNAUTHORIZED: msg`セッションの有効期限が切れました。再度ログインしてください。`,
  FORBIDDEN: msg`アクセスが許可されていません。`,
  PROFILE_FORBIDDEN: msg`このプロフィールでの閲覧は禁止されています。`,
  REGION_UNAVAILABLE: msg`お住まいの地域ではご利用いただけません。`,
  LOGIN_FAILED: msg`ログインに失敗しました。`,
  BAD_REQUEST: msg`リクエストが正しくありません。`,
  VALIDATION_FAILED: msg`入力内容に誤りがあります。`,
  UNSUPPORTED_MEDIA_TYPE: msg`リクエストの形式が正しくありません。`,
  PAYLOAD_TOO_LARGE: msg`送信されたデータが大きすぎます。`,
  INTERNAL_ERROR: msg`サーバーエラーが発生しました。しばらくしてから再度お試しください。`,
  BAD_GATEWAY: msg`サーバーから正しい応答がありませんでした。`,
  SERVICE_UNAVAILABLE: msg`ただいまメンテナンス中です。`,
  GATEWAY_TIMEOUT: msg`サーバーから応答がありませんでした。`,
  TOO_MANY_REQUESTS: msg`しばらく時間をおいてから再度お試しください。`,
  CROSS_SITE_REQUEST: msg`このリクエストは受け付けられません。`,
};

export const fallbackErrorMessage: MessageDescriptor = msg`エラーが発生しました`;
