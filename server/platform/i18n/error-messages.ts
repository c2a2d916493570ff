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
  PREVIEW_READ_ONLY: msg`プレビューでは会員登録・ログイン・購入・変更はできません。`,
  // Purchases (spec: public area 8)
  INVALID_SESSION_FLOW: msg`セッションが無効です。お手数ですが、最初から手続きをやり直してください。`,
  PAYMENT_METHOD_NOT_SELECTED: msg`支払い方法が選択されていません`,
  ALREADY_CONTRACTED: msg`契約数の上限に達しているため購入できません`,
  CONTRACT_LIMIT_REACHED: msg`契約数の上限に達しているため購入できません`,
  PLAN_NOT_PURCHASABLE: msg`この商品は現在購入できません。`,
  INVALID_CAMPAIGN_CODE: msg`キャンペーンコードが正しくありません。`,
  CAMPAIGN_NOT_APPLICABLE: msg`このキャンペーンコードは適用できません。`,
  CAMPAIGN_NOT_FULL_DISCOUNT: msg`このキャンペーンは割引率が100%ではないため、キャンペーンコードだけでは購入できません。`,
  PAYMENT_DECLINED: msg`お支払いができませんでした。別の支払い方法をお試しください。`,
  DUPLICATE_BILLING: msg`同じ購入が短時間に重ねて行われたため、二重請求を防ぐために処理を中止しました。購入履歴をご確認ください。`,
  PAYMENT_METHOD_NOT_REGISTERED: msg`支払い方法が登録されていません。`,
  PURCHASE_TOO_FREQUENT: msg`購入の操作が短時間に繰り返されました。しばらく時間をおいてから再度お試しください。`,
  NOT_ENTITLED: msg`この作品を視聴する権利がありません。`,
  RE_SETTLEMENT_NOT_ALLOWED: msg`この契約は現在再決済できません。更新保留中で、更新期限を過ぎていない契約のみ再決済できます。`,
  // Refunds (decision 0052)
  REFUND_NOT_ALLOWED: msg`この支払いは返金できません。返金済みか、返金できない支払いです。`,
  REFUND_AMOUNT_INVALID: msg`返金額が正しくありません。1円以上、返金できる残りの金額以下で指定してください。`,
  // Payment methods (My Page)
  PAYMENT_METHOD_IN_USE: msg`ご契約中のプランで利用されているため、この支払い方法は削除できません。`,
  PAYMENT_METHOD_NOT_FOUND: msg`指定された支払い方法が見つかりません。`,
  PAYMENT_METHOD_TYPE_NOT_OFFERED: msg`この支払い方法はご利用いただけません。`,
  PAYMENT_METHOD_UNUSABLE: msg`この支払い方法は現在ご利用いただけません。別の支払い方法を選択してください。`,
  CARD_REGISTRATION_FAILED: msg`クレジットカードの登録に失敗しました`,
  PAYMENT_PROVIDER_UNAVAILABLE: msg`決済サービスに接続できませんでした。しばらくしてから再度お試しください。`,
  INVALID_PAYMENT_RESULT: msg`決済サービスからの応答を確認できませんでした。もう一度お試しください。`,
  // Subscriptions (My Page; decision 0020)
  SUBSCRIPTION_NOT_FOUND: msg`ご契約が見つかりません。`,
  SUBSCRIPTION_RENEWING: msg`契約更新中のため、現在この操作はできません。更新の完了後に、もう一度お試しください。`,
  SUBSCRIPTION_CANCEL_INVALID: msg`このプランはすでに解約済み、または解約予定のため、解約できません。`,
  SUBSCRIPTION_UNDO_INVALID: msg`解約の取り消しができる期間を過ぎているため、取り消しできません。`,
  SUBSCRIPTION_UNDO_NO_PAYMENT_METHOD: msg`支払い方法が登録されていないため、解約を取り消せません。先に支払い方法を登録してください。`,
  SUBSCRIPTION_NOT_CHANGEABLE: msg`このご契約の支払い方法は変更できません。`,
  SUBSCRIPTION_UPDATE_FAILED: msg`ご契約の更新に失敗しました。ページを開き直して、もう一度お試しください。`,
  WITHDRAWAL_BLOCKED_BY_PLAN: msg`ご契約中のプランがあるため退会できません。プランを解約してから、もう一度お試しください。`,
};

export const fallbackErrorMessage: MessageDescriptor = msg`エラーが発生しました`;
