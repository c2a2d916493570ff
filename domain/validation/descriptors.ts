import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ValidationMessageKey } from './messages.ts';

/**
 * The Lingui message of every validation key, so the browser and the server show the same
 * translated text (`i18n._(validationDescriptors[key], params)`). The Japanese source strings
 * equal JA_MESSAGES (a test checks it); English lives in locales/en.po.
 */
export const validationDescriptors: Record<ValidationMessageKey, MessageDescriptor> = {
  'common.required': msg({ message: 'この項目は必須です。' }),
  'common.selectRequired': msg({ message: '選択してください。' }),
  'common.invalid': msg({ message: '入力内容が正しくありません。' }),
  'common.invalidOption': msg({ message: '選択肢の中から選んでください。' }),
  'common.invalidChars': msg({ message: '使用できない文字が含まれています。' }),
  'common.tooLong': msg({ message: '{max}文字以内で入力してください。' }),
  'email.required': msg({ message: 'メールアドレスを入力してください。' }),
  'email.invalid': msg({ message: 'メールアドレスの形式が正しくありません。' }),
  'email.tooLong': msg({ message: 'メールアドレスは{max}文字以内で入力してください。' }),
  'email.confirmRequired': msg({ message: '確認用メールアドレスを入力してください。' }),
  'email.mismatch': msg({ message: 'メールアドレスが一致しません。' }),
  'password.required': msg({ message: 'パスワードを入力してください。' }),
  'password.tooShort': msg({ message: 'パスワードは8文字以上で設定してください。' }),
  'password.tooLong': msg({ message: 'パスワードは30文字以下で設定してください。' }),
  'password.invalidChars': msg({ message: 'パスワードに使用できない文字が含まれています。' }),
  'password.lowercaseRequired': msg({ message: 'パスワードには英小文字を1文字以上含めてください。' }),
  'password.digitRequired': msg({ message: 'パスワードには数字を1文字以上含めてください。' }),
  'password.uppercaseRequired': msg({ message: 'パスワードには英大文字を1文字以上含めてください。' }),
  'password.symbolRequired': msg({ message: 'パスワードには記号を1文字以上含めてください。' }),
  'password.confirmRequired': msg({ message: '確認用パスワードを入力してください。' }),
  'password.mismatch': msg({ message: 'パスワードが一致しません' }),
  'password.oldRequired': msg({ message: '現在のパスワードを入力してください。' }),
  'password.sameAsOld': msg({ message: '現在のパスワードとは異なるパスワードを設定してください。' }),
  'login.emailUserIdRequired': msg({ message: 'メールアドレスまたはユーザIDを入力してください。' }),
  'login.emailUserIdInvalid': msg({ message: 'メールアドレスまたはユーザIDの形式が正しくありません。' }),
  'authCode.required': msg({ message: '{field}を入力してください。' }),
  'authCode.invalid': msg({ message: '6桁の数字を入力してください。' }),
  'authCode.failed': msg({ message: '認証に失敗しました。' }),
  'userId.required': msg({ message: 'ユーザIDを入力してください。' }),
  'userId.tooShort': msg({ message: 'ユーザIDは6文字以上です。' }),
  'userId.tooLong': msg({ message: 'ユーザIDは15文字以下です。' }),
  'userId.invalidChars': msg({ message: '半角英数字で入力してください。' }),
  'kana.invalid': msg({ message: '全角カタカナで入力してください' }),
  'sex.required': msg({ message: '性別を選択してください。' }),
  'birthday.invalid': msg({ message: '生年月日の形式が正しくありません' }),
  'birthday.future': msg({ message: '未来の日付は入力できません。' }),
  'phone.invalid': msg({ message: '電話番号の形式が正しくありません' }),
  'postalCode.invalid': msg({ message: '郵便番号の形式が正しくありません' }),
  'prefecture.required': msg({ message: '都道府県を選択してください。' }),
  'policy.agreeRequired': msg({ message: '内容をご確認のうえ、同意してください。' }),
  'policy.externalConsentRequired': msg({ message: '同意が必須です。' }),
  'policy.revisionOutdated': msg({ message: '規約が更新されました。最新の内容をご確認のうえ、同意してください。' }),
};
