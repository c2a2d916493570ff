import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ServerMessageKey } from '#domain/message-keys.ts';

/**
 * Texts for specific failures, chosen by the key an AppError carries as its `message`
 * (`new AppError('LOGIN_FAILED', { message: 'login.wrongUserIdOrPassword' })`) or as a field value.
 * Every key of domain/message-keys.ts has its text here, and nothing else does.
 */
export const serverMessages: Record<ServerMessageKey, MessageDescriptor> = {
  'request.invalidJson': msg`リクエストの形式が正しくありません。`,
  'request.invalidForm': msg`リクエストの形式が正しくありません。`,
  'request.unknownField': msg`この項目は受け付けられません。`,
  'login.failed': msg`ログインに失敗しました。`,
  'login.wrongEmailOrPassword': msg`メールアドレスまたはパスワードが正しくありません。`,
  'login.wrongUserIdOrPassword': msg`ユーザIDまたはパスワードが正しくありません。`,
  'login.tryLater': msg`ログインの試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。`,
  'login.prohibited': msg`このアカウントではログインできません。`,
  'login.passwordOff': msg`このサービスではパスワードでログインできません。認証コードでログインしてください。`,
  'login.codeExpired': msg`認証コードの有効期限が切れました。もう一度ログインしてください。`,
  'authCode.failed': msg`認証に失敗しました。`,
  'authCode.sendFailed': msg`認証コードの送信に失敗しました。`,
  'authCode.tooMany': msg`認証コードの送信回数が上限に達しました。しばらく時間をおいてから再度お試しください。`,
  'authCode.wait': msg`認証コードの再送信は30秒以上あけてお試しください。`,
  'signup.emailExists': msg`このメールアドレスは既に使用されています。別のメールアドレスを登録してください。`,
  'signup.emailExistsSummary': msg`登録処理に失敗しました。上記エラー内容をご確認ください。`,
  'signup.userIdExists': msg`このユーザIDは既に使用されています。別のユーザIDを登録してください。`,
  'signup.validationFailed': msg`入力内容に誤りがあります。`,
  'signup.timeout': msg`登録の有効期限が切れました。最初からやり直してください。`,
  'signup.failed': msg`登録エラーが発生しました。`,
  'password.reused': msg`現在と同じパスワードは設定できません。別のパスワードを入力してください。`,
  'password.common': msg`このパスワードは推測されやすいため使用できません。別のパスワードを入力してください。`,
  'password.containsIdentifier': msg`メールアドレスやユーザIDを含むパスワードは使用できません。`,
  'reset.invalidToken': msg`このリンクは無効か、有効期限が切れています。もう一度パスワードの再設定をお申し込みください。`,
  'postalCode.notFound': msg`該当する住所が見つかりませんでした。`,
  'botCheck.failed': msg`ロボットでないことの確認に失敗しました。もう一度お試しください。`,
  'mailEdit.expired': msg`メールアドレス変更の有効期限が切れました。もう一度新しいメールアドレスを入力してください。`,
  'passwordSetting.expired': msg`パスワード設定の有効期限が切れました。ページを開き直して、もう一度お試しください。`,
  'account.passwordIncorrect': msg`パスワードが正しくありません。`,
  'account.passwordFirst': msg`先にパスワードを設定してください。`,
  'account.passwordAlreadySet': msg`パスワードは設定済みです。パスワードの変更から変更してください。`,
  'consent.unknownOption': msg`この同意項目は存在しません。`,
  'withdraw.expired': msg`退会手続きの有効期限が切れました。最初からやり直してください。`,
  'purchase.sessionFlow': msg`購入手続きの有効期限が切れたか、すでに完了しています。お手数ですが、最初から購入手続きをやり直してください。`,
  'purchase.challengeFailed': msg`本人認証（3-Dセキュア）が完了しませんでした。お手数ですが、最初から購入手続きをやり直してください。`,
  'subscription.undoNotCancelled': msg`このプランは解約のお手続きがされていないため、解約の取り消しはできません。`,
  'externalId.lastWayIn': msg`ログインする方法がなくなるため、この外部IDの連携は解除できません。パスワードを設定するか、ほかの外部IDを連携してから解除してください。`,
  'campaign.freeTrialUsed': msg`無料期間はすでにご利用済みのため、このキャンペーンコードは適用できません。`,
  'campaign.invalid': msg`キャンペーンコードが正しくありません。`,
  'campaign.notApplicable': msg`このキャンペーンコードは適用できません。`,
  'campaign.notFullDiscount': msg`このキャンペーンは割引率が100%ではないため、キャンペーンコードだけでは購入できません。`,
  'purchase.methodNotSelected': msg`支払い方法が選択されていません`,
  'purchase.methodNotRegistered': msg`支払い方法が登録されていません。`,
};
