// The card-token errors of the provider's browser script (public-area 8, member-area 8): a
// 5-character code, the first 2 characters the kind (03 required, 04 invalid, 05 wrong length,
// 07 invalid, 99 system error), the next 3 the field (001 merchant ID, 002 service ID, 003 card
// number, 004 expiry, 005 security code, 006 none). The message is the field's name, a particle
// and the kind's text (one template per kind, so each language places them its own way); any other
// code shows the default 'クレジットカードの登録に失敗しました'.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CardFormValues } from './card-form.ts';

export const CARD_TOKEN_ERROR_KINDS = ['03', '04', '05', '07', '99'] as const;
export const CARD_TOKEN_ERROR_FIELDS = ['001', '002', '003', '004', '005', '006'] as const;
export type CardTokenErrorKind = (typeof CARD_TOKEN_ERROR_KINDS)[number];
export type CardTokenErrorField = (typeof CARD_TOKEN_ERROR_FIELDS)[number];

const fieldNames: Record<Exclude<CardTokenErrorField, '006'>, MessageDescriptor> = {
  '001': msg`マーチャントID`,
  '002': msg`サービスID`,
  '003': msg`カード番号`,
  '004': msg`有効期限`,
  '005': msg`セキュリティコード`,
};

/** The kind's text after the field's name and its particle ({field} is the name). */
const kindTexts: Record<CardTokenErrorKind, MessageDescriptor> = {
  '03': msg({ message: '{field}が入力されていません。' }),
  '04': msg({ message: '{field}が正しくありません。' }),
  '05': msg({ message: '{field}の桁数が正しくありません。' }),
  '07': msg({ message: '{field}が無効です。' }),
  '99': msg({ message: '{field}の確認中にシステムエラーが発生しました。' }),
};

/** 99006: a system error about no field in particular. */
const systemError = msg`システムエラーが発生しました。しばらくしてから再度お試しください。`;

export const cardTokenDefaultMessage = msg`クレジットカードの登録に失敗しました`;

/** The kind and field of a code, or null when it is not one of the spec's codes. */
export function parseCardTokenError(code: string): { kind: CardTokenErrorKind; field: CardTokenErrorField } | null {
  if (!/^\d{5}$/.test(code)) return null;
  const kind = code.slice(0, 2) as CardTokenErrorKind;
  const field = code.slice(2) as CardTokenErrorField;
  if (!CARD_TOKEN_ERROR_KINDS.includes(kind) || !CARD_TOKEN_ERROR_FIELDS.includes(field)) return null;
  return { kind, field };
}

/** The message of a code in the viewer's language. */
export function cardTokenErrorText(i18n: I18n, code: string): string {
  const parsed = parseCardTokenError(code);
  if (!parsed) return i18n._(cardTokenDefaultMessage);
  if (parsed.field === '006') return i18n._(parsed.kind === '99' ? systemError : cardTokenDefaultMessage);
  return i18n._({ ...kindTexts[parsed.kind], values: { field: i18n._(fieldNames[parsed.field]) } });
}

/** The card form's field a code is about (its message goes there), or null for the form as a whole. */
export function cardTokenErrorFormField(code: string): keyof CardFormValues | null {
  const field = parseCardTokenError(code)?.field;
  if (field === '003') return 'cardNumber';
  if (field === '004') return 'expiryMonth';
  if (field === '005') return 'securityCode';
  return null;
}
