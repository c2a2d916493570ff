import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import {
  canSubmitPinCode,
  PIN_CODE_LENGTH,
  pastedPinCode,
  pinCodeFormSchema,
  pinCodeProblem,
  pinCodeSetBodySchema,
  sanitizePinInput,
} from './pin-code.ts';
import { keys, messages, ok } from './test-support.ts';

describe('pinCodeProblem', () => {
  it('accepts exactly 4 digits, full-width ones too', () => {
    expect(PIN_CODE_LENGTH).toBe(4);
    expect(pinCodeProblem('0123')).toBeNull();
    expect(pinCodeProblem('９８７６')).toBeNull();
  });

  it('an empty, short or long PIN is "enter 4 digits"', () => {
    for (const bad of ['', '1', '123', '12345']) expect(pinCodeProblem(bad), bad).toBe('pinCode.invalid');
  });

  it('anything but digits is an invalid character', () => {
    for (const bad of ['12a4', '12 4', '12-4', '１２３ａ', '123.', '-123']) expect(pinCodeProblem(bad), bad).toBe('pinCode.invalidChars');
  });

  it('has the texts the spec quotes', () => {
    expect(formatMessage('pinCode.invalid')).toBe('4桁のPINコードを入力してください。');
    expect(formatMessage('pinCode.invalidChars')).toBe('PINコードに使用できない文字が含まれています。');
    expect(formatMessage('pinCode.mismatch')).toBe('確認用PINコードが一致しません。');
  });
});

describe('PIN input', () => {
  it('keeps typed digits only, at most 4', () => {
    expect(sanitizePinInput('12a3')).toBe('123');
    expect(sanitizePinInput('１２３４５')).toBe('1234');
    expect(sanitizePinInput('abc')).toBe('');
  });

  it('takes a paste only when it is exactly 4 digits', () => {
    expect(pastedPinCode('1234')).toBe('1234');
    expect(pastedPinCode(' １２３４ ')).toBe('1234');
    expect(pastedPinCode('123')).toBeNull();
    expect(pastedPinCode('12345')).toBeNull();
    expect(pastedPinCode('12 34')).toBeNull();
    expect(pastedPinCode('12a4')).toBeNull();
    expect(pastedPinCode('')).toBeNull();
  });

  it('submit waits until both boxes hold 4 digits', () => {
    expect(canSubmitPinCode('1234', '1234')).toBe(true);
    expect(canSubmitPinCode('1234', '5678')).toBe(true);
    expect(canSubmitPinCode('1234', '123')).toBe(false);
    expect(canSubmitPinCode('', '1234')).toBe(false);
  });
});

describe('pinCodeFormSchema', () => {
  it('accepts a matching pair, normalised', () => {
    expect(ok(pinCodeFormSchema, { pinCode: '０１２３', pinCodeConfirm: '0123' })).toEqual({ pinCode: '0123', pinCodeConfirm: '0123' });
  });

  it('reports each field, and the mismatch on the confirmation', () => {
    expect(keys(pinCodeFormSchema, { pinCode: '', pinCodeConfirm: '' })).toEqual({
      pinCode: ['pinCode.invalid'],
      pinCodeConfirm: ['pinCode.invalid'],
    });
    expect(keys(pinCodeFormSchema, { pinCode: '12x4', pinCodeConfirm: '1234' })).toEqual({ pinCode: ['pinCode.invalidChars'] });
    expect(keys(pinCodeFormSchema, { pinCode: '1234', pinCodeConfirm: '4321' })).toEqual({ pinCodeConfirm: ['pinCode.mismatch'] });
  });

  it('answers keys for wrong JSON types', () => {
    expect(keys(pinCodeFormSchema, { pinCode: 1234, pinCodeConfirm: null })).toEqual({
      pinCode: ['pinCode.invalid'],
      pinCodeConfirm: ['pinCode.invalid'],
    });
    expect(keys(pinCodeFormSchema, 'x')).toEqual({ '': ['common.invalid'] });
  });
});

describe('pinCodeSetBodySchema (POST /zapi/account/pinCode/set)', () => {
  it('takes { pinCode } and drops anything else', () => {
    expect(ok(pinCodeSetBodySchema, { pinCode: '1234', extra: 1 })).toEqual({ pinCode: '1234' });
  });

  it('refuses a bad PIN with a key', () => {
    expect(keys(pinCodeSetBodySchema, { pinCode: '123456' })).toEqual({ pinCode: ['pinCode.invalid'] });
    expect(keys(pinCodeSetBodySchema, {})).toEqual({ pinCode: ['pinCode.invalid'] });
    expect(messages(pinCodeSetBodySchema, null)).toEqual(['common.invalid']);
  });
});
