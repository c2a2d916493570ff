import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../locales/en.po';
import { messages as ja } from '../../locales/ja.po';
import {
  CARD_TOKEN_ERROR_FIELDS,
  CARD_TOKEN_ERROR_KINDS,
  cardTokenErrorFormField,
  cardTokenErrorText,
  parseCardTokenError,
} from './card-token-error.ts';

const i18nJa = setupI18n({ locale: 'ja', messages: { ja } });
const i18nEn = setupI18n({ locale: 'en', messages: { en } });

const jaFields = {
  '001': 'マーチャントID',
  '002': 'サービスID',
  '003': 'カード番号',
  '004': '有効期限',
  '005': 'セキュリティコード',
} as const;
const enFields = { '001': 'Merchant ID', '002': 'Service ID', '003': 'Card number', '004': 'Expiry date', '005': 'Security code' } as const;
const jaKinds = {
  '03': 'が入力されていません。',
  '04': 'が正しくありません。',
  '05': 'の桁数が正しくありません。',
  '07': 'が無効です。',
  '99': 'の確認中にシステムエラーが発生しました。',
} as const;
const enKinds = {
  '03': (f: string) => `${f} is missing.`,
  '04': (f: string) => `${f} is not correct.`,
  '05': (f: string) => `${f} has the wrong number of digits.`,
  '07': (f: string) => `${f} is not valid.`,
  '99': (f: string) => `A system error occurred (${f}).`,
} as const;

describe('cardTokenErrorText', () => {
  // Every code of the spec: 5 kinds x 5 named fields, in both languages.
  for (const kind of CARD_TOKEN_ERROR_KINDS) {
    for (const field of ['001', '002', '003', '004', '005'] as const) {
      const code = `${kind}${field}`;
      it(`${code}: field name, particle and kind text`, () => {
        expect(cardTokenErrorText(i18nJa, code)).toBe(`${jaFields[field]}${jaKinds[kind]}`);
        expect(cardTokenErrorText(i18nEn, code)).toBe(enKinds[kind](enFields[field]));
      });
    }
  }

  it('99006 (a system error about no field) asks to try again later', () => {
    expect(cardTokenErrorText(i18nJa, '99006')).toBe('システムエラーが発生しました。しばらくしてから再度お試しください。');
    expect(cardTokenErrorText(i18nEn, '99006')).toBe('A system error occurred. Please try again later.');
  });

  it('shows the default for the other kinds about no field, and for unknown or malformed codes', () => {
    for (const code of ['03006', '04006', '05006', '07006', '01003', '03007', '9900', '990061', 'abcde', '']) {
      expect(cardTokenErrorText(i18nJa, code), code).toBe('クレジットカードの登録に失敗しました');
      expect(cardTokenErrorText(i18nEn, code), code).toBe('The credit card could not be registered');
    }
  });
});

describe('parseCardTokenError', () => {
  it('splits a code into kind and field', () => {
    expect(parseCardTokenError('05003')).toEqual({ kind: '05', field: '003' });
    expect(parseCardTokenError('99006')).toEqual({ kind: '99', field: '006' });
    expect(CARD_TOKEN_ERROR_FIELDS).toHaveLength(6);
  });
  it('refuses anything else', () => {
    expect(parseCardTokenError('02003')).toBeNull();
    expect(parseCardTokenError('03000')).toBeNull();
    expect(parseCardTokenError('0300３')).toBeNull();
  });
});

describe('cardTokenErrorFormField', () => {
  it('puts card number, expiry and security code errors on their fields, the rest on the form', () => {
    expect(cardTokenErrorFormField('04003')).toBe('cardNumber');
    expect(cardTokenErrorFormField('03004')).toBe('expiryMonth');
    expect(cardTokenErrorFormField('05005')).toBe('securityCode');
    expect(cardTokenErrorFormField('04001')).toBeNull();
    expect(cardTokenErrorFormField('99006')).toBeNull();
    expect(cardTokenErrorFormField('nope')).toBeNull();
  });
});
