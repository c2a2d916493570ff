import { describe, expect, it } from 'vitest';
import { formatMessage, isValidationMessageKey, JA_MESSAGES, type ValidationMessageKey, validationMessageKeys } from './messages.ts';

// The exact Japanese text of every key. Texts the spec quotes are copied from it, character for
// character (including the ones without a final 。).
const expected: Record<ValidationMessageKey, string> = {
  'common.required': 'この項目は必須です。',
  'common.selectRequired': '選択してください。',
  'common.invalid': '入力内容が正しくありません。',
  'common.invalidOption': '選択肢の中から選んでください。',
  'common.invalidChars': '使用できない文字が含まれています。',
  'common.tooLong': '{max}文字以内で入力してください。',
  'email.required': 'メールアドレスを入力してください。',
  'email.invalid': 'メールアドレスの形式が正しくありません。',
  'email.tooLong': 'メールアドレスは{max}文字以内で入力してください。',
  'email.confirmRequired': '確認用メールアドレスを入力してください。',
  'email.mismatch': 'メールアドレスが一致しません。',
  'email.unchanged': 'メールアドレスを変更してください。',
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
  'login.emailUserIdRequired': 'メールアドレスまたはユーザIDを入力してください。',
  'login.emailUserIdInvalid': 'メールアドレスまたはユーザIDの形式が正しくありません。',
  'authCode.required': '{field}を入力してください。',
  'authCode.invalid': '6桁の数字を入力してください。',
  'authCode.failed': '認証に失敗しました。',
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
  'pinCode.invalid': '4桁のPINコードを入力してください。',
  'pinCode.invalidChars': 'PINコードに使用できない文字が含まれています。',
  'pinCode.mismatch': '確認用PINコードが一致しません。',
  'profileImage.invalid': 'JPEG、PNG、GIF形式の画像を選択してください。',
  'profileImage.tooLarge': '画像のサイズが大きすぎます。',
  'survey.tooFewChoices': '{min}個以上選択してください。',
  'survey.tooManyChoices': '{max}個以内で選択してください。',
  'campaignCode.required': 'キャンペーンコードを入力してください',
  'campaignCode.invalidChars': 'キャンペーンコードは半角英数字で入力してください。',
  'withdraw.consentRequired': '同意は必須です',
  'invoice.addresseeRequired': '宛名を入力してください。',
  'invoice.addresseeTooLong': '宛名は100文字以内で入力してください。',
  'card.numberRequired': 'カード番号を入力してください。',
  'card.numberInvalid': '無効なクレジットカード番号です。',
  'card.expiryMonthRequired': '有効期限（月）を選択してください。',
  'card.expiryYearRequired': '有効期限（年）を選択してください。',
  'card.expired': '有効期限が過ぎています。',
  'card.securityCodeRequired': 'セキュリティコードを入力してください。',
  'card.securityCodeThree': 'セキュリティコードは3桁の数字で入力してください。',
  'card.securityCodeFour': 'セキュリティコードは4桁の数字で入力してください。',
  'policy.agreeRequired': '内容をご確認のうえ、同意してください。',
  'policy.externalConsentRequired': '同意が必須です。',
  'policy.revisionOutdated': '規約が更新されました。最新の内容をご確認のうえ、同意してください。',
};

describe('JA_MESSAGES', () => {
  it('has exactly the expected keys', () => {
    expect([...validationMessageKeys].sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s is %s', (key, text) => {
    expect(JA_MESSAGES[key as ValidationMessageKey]).toBe(text);
  });

  it('keys are stable dotted identifiers, never prose', () => {
    for (const key of validationMessageKeys) expect(key).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('uses only the documented placeholders', () => {
    for (const text of Object.values(JA_MESSAGES)) {
      for (const [, name] of text.matchAll(/\{(\w+)\}/g)) expect(['max', 'min', 'field']).toContain(name);
    }
  });
});

describe('isValidationMessageKey', () => {
  it('knows the keys and nothing else', () => {
    expect(isValidationMessageKey('password.tooShort')).toBe(true);
    expect(isValidationMessageKey('password.nope')).toBe(false);
    expect(isValidationMessageKey('toString')).toBe(false);
    expect(isValidationMessageKey(1)).toBe(false);
  });
});

describe('formatMessage', () => {
  it('fills {max} with the number from the params', () => {
    expect(formatMessage('common.tooLong', { max: 30 })).toBe('30文字以内で入力してください。');
    expect(formatMessage('email.tooLong', { max: 254 })).toBe('メールアドレスは254文字以内で入力してください。');
  });

  it('fills {field} with the label the screen supplies', () => {
    expect(formatMessage('authCode.required', { field: '認証コード' })).toBe('認証コードを入力してください。');
  });

  it('returns texts without placeholders unchanged, whatever the params', () => {
    expect(formatMessage('password.tooShort', { min: 8 })).toBe('パスワードは8文字以上で設定してください。');
    expect(formatMessage('authCode.failed')).toBe('認証に失敗しました。');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(formatMessage('common.tooLong')).toBe('{max}文字以内で入力してください。');
  });

  it('reads from another table when given one', () => {
    const en = { ...JA_MESSAGES, 'common.tooLong': 'Enter at most {max} characters.' };
    expect(formatMessage('common.tooLong', { max: 5 }, en)).toBe('Enter at most 5 characters.');
  });
});
