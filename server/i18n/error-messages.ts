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
  // Payment methods (My Page)
  PAYMENT_METHOD_IN_USE: msg`ご契約中のプランで利用されているため、この支払い方法は削除できません。`,
  PAYMENT_METHOD_NOT_FOUND: msg`指定された支払い方法が見つかりません。`,
  PAYMENT_METHOD_TYPE_NOT_OFFERED: msg`この支払い方法はご利用いただけません。`,
  PAYMENT_METHOD_UNUSABLE: msg`この支払い方法は現在ご利用いただけません。別の支払い方法を選択してください。`,
  CARD_REGISTRATION_FAILED: msg`クレジットカードの登録に失敗しました`,
  PAYMENT_PROVIDER_UNAVAILABLE: msg`決済サービスに接続できませんでした。しばらくしてから再度お試しください。`,
  INVALID_PAYMENT_RESULT: msg`決済サービスからの応答を確認できませんでした。もう一度お試しください。`,
};

export const fallbackErrorMessage: MessageDescriptor = msg`エラーが発生しました`;
