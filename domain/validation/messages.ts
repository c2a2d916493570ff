// The message keys of the identity-screen and My Page validators and their Japanese texts.
//
// Every zod issue raised by the builders in this folder carries a key from this table as its
// `message`, never prose. The browser turns a key into a Lingui message; the server and the tests
// use `formatMessage` with a table such as JA_MESSAGES.
//
// Placeholders: {max} and {min} come from the issue (see `messageParams` in issues.ts: custom
// issues carry them in `issue.params`). {field} is never in an issue: the screen that shows the
// message supplies the label of its field (for the one-time code, the purpose's displayName from
// the store settings, e.g. 認証コード). Texts quoted by the spec keep their numbers literally
// (パスワードは8文字以上…) because those limits are product constants; the issue still carries
// them as params so another language may use {min}/{max}.

const ja = {
  // Generic
  'common.required': 'この項目は必須です。',
  'common.selectRequired': '選択してください。',
  'common.invalid': '入力内容が正しくありません。',
  'common.invalidOption': '選択肢の中から選んでください。',
  'common.invalidChars': '使用できない文字が含まれています。',
  'common.tooLong': '{max}文字以内で入力してください。',
  // E-mail
  'email.required': 'メールアドレスを入力してください。',
  'email.invalid': 'メールアドレスの形式が正しくありません。',
  'email.tooLong': 'メールアドレスは{max}文字以内で入力してください。',
  'email.confirmRequired': '確認用メールアドレスを入力してください。',
  'email.mismatch': 'メールアドレスが一致しません。',
  'email.unchanged': 'メールアドレスを変更してください。',
  // Password
  'password.required': 'パスワードを入力してください。',
  'password.tooShort': 'パスワードは8文字以上で設定してください。',
  'password.tooLong': 'パスワードは30文字以下で設定してください。',
  'password.invalidChars': 'パスワードに使用できない文字が含まれています。',
  'password.lowercaseRequired': 'パスワードには英小文字を1文字以上含めてください。',
  'password.digitRequired': 'パスワードには数字を1文字以上含めてください。',
  'password.uppercaseRequired': 'パスワードには英大文字を1文字以上含めてください。',
  'password.symbolRequired': 'パスワードには記号を1文字以上含めてください。',
  'password.confirmRequired': '確認用パスワードを入力してください。',
  'password.mismatch': 'パスワードが一致しません',
  'password.oldRequired': '現在のパスワードを入力してください。',
  'password.sameAsOld': '現在のパスワードとは異なるパスワードを設定してください。',
  'password.currentTooShort': 'パスワードは8文字以上で入力してください。',
  'password.incorrect': 'パスワードが正しくありません。',
  // Login
  'login.emailUserIdRequired': 'メールアドレスまたはユーザIDを入力してください。',
  'login.emailUserIdInvalid': 'メールアドレスまたはユーザIDの形式が正しくありません。',
  // One-time code
  'authCode.required': '{field}を入力してください。',
  'authCode.invalid': '6桁の数字を入力してください。',
  'authCode.failed': '認証に失敗しました。',
  // Profile fields
  'userId.required': 'ユーザIDを入力してください。',
  'userId.tooShort': 'ユーザIDは6文字以上です。',
  'userId.tooLong': 'ユーザIDは15文字以下です。',
  'userId.invalidChars': '半角英数字で入力してください。',
  'userId.unchanged': '現在のユーザIDとは異なるユーザIDを入力してください。',
  'kana.invalid': '全角カタカナで入力してください',
  'sex.required': '性別を選択してください。',
  'birthday.invalid': '生年月日の形式が正しくありません',
  'birthday.future': '未来の日付は入力できません。',
  'phone.invalid': '電話番号の形式が正しくありません',
  'postalCode.invalid': '郵便番号の形式が正しくありません',
  'prefecture.required': '都道府県を選択してください。',
  // Profile PIN code (4 digits, for the TV app)
  'pinCode.invalid': '4桁のPINコードを入力してください。',
  'pinCode.invalidChars': 'PINコードに使用できない文字が含まれています。',
  'pinCode.mismatch': '確認用PINコードが一致しません。',
  // Profile image
  'profileImage.invalid': 'JPEG、PNG、GIF形式の画像を選択してください。',
  'profileImage.tooLarge': '画像のサイズが大きすぎます。',
  // Surveys
  'survey.tooFewChoices': '{min}個以上選択してください。',
  'survey.tooManyChoices': '{max}個以内で選択してください。',
  // Purchase
  'campaignCode.required': 'キャンペーンコードを入力してください',
  'campaignCode.invalidChars': 'キャンペーンコードは半角英数字で入力してください。',
  // Withdrawal
  'withdraw.consentRequired': '同意は必須です',
  // Invoice addressee
  'invoice.addresseeRequired': '宛名を入力してください。',
  'invoice.addresseeTooLong': '宛名は100文字以内で入力してください。',
  // Cards (domain/commerce/card-form.ts)
  'card.numberRequired': 'カード番号を入力してください。',
  'card.numberInvalid': '無効なクレジットカード番号です。',
  'card.expiryMonthRequired': '有効期限（月）を選択してください。',
  'card.expiryYearRequired': '有効期限（年）を選択してください。',
  'card.expired': '有効期限が過ぎています。',
  'card.securityCodeRequired': 'セキュリティコードを入力してください。',
  'card.securityCodeThree': 'セキュリティコードは3桁の数字で入力してください。',
  'card.securityCodeFour': 'セキュリティコードは4桁の数字で入力してください。',
  // Policies
  'policy.agreeRequired': '内容をご確認のうえ、同意してください。',
  'policy.externalConsentRequired': '同意が必須です。',
  'policy.revisionOutdated': '規約が更新されました。最新の内容をご確認のうえ、同意してください。',
} as const;

export type ValidationMessageKey = keyof typeof ja;

/** The Japanese text of every key (Japanese is the source language). */
export const JA_MESSAGES: Readonly<Record<ValidationMessageKey, string>> = ja;

export const validationMessageKeys = Object.keys(ja) as readonly ValidationMessageKey[];

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(ja, value);
}

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The text of `key` in `table` with {name} placeholders filled from `params`.
 * A placeholder without a value is left as it is, so a missing label is visible in review
 * rather than silently dropped.
 */
export function formatMessage(
  key: ValidationMessageKey,
  params: MessageParams = {},
  table: Readonly<Record<ValidationMessageKey, string>> = JA_MESSAGES,
): string {
  return table[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
