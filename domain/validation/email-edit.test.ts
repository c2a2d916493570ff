import { describe, expect, it } from 'vitest';
import { emailEditBodySchema, emailEditFormSchema, emailEditSendPinCodeBodySchema, isSameEmail } from './email-edit.ts';
import { formatMessage } from './messages.ts';
import { keys, ok } from './test-support.ts';

const current = 'Taro@Example.jp';

describe('isSameEmail', () => {
  it('compares normalised addresses: trimmed, domain in any case', () => {
    expect(isSameEmail(' Taro@example.JP ', current)).toBe(true);
    expect(isSameEmail('taro@example.jp', current)).toBe(false);
    expect(isSameEmail('hanako@example.jp', current)).toBe(false);
  });
});

describe('emailEditFormSchema', () => {
  const schema = emailEditFormSchema(254, current);

  it('accepts a new address, normalised', () => {
    expect(ok(schema, { email: ' hanako@Example.JP ' })).toEqual({ email: 'hanako@example.jp' });
  });

  it('refuses the current address with the spec text', () => {
    expect(keys(schema, { email: 'Taro@EXAMPLE.jp' })).toEqual({ email: ['email.unchanged'] });
    expect(formatMessage('email.unchanged')).toBe('メールアドレスを変更してください。');
  });

  it('checks the address first', () => {
    expect(keys(schema, { email: '' })).toEqual({ email: ['email.required'] });
    expect(keys(schema, { email: 'taro@' })).toEqual({ email: ['email.invalid'] });
    expect(formatMessage('email.invalid')).toBe('メールアドレスの形式が正しくありません。');
    expect(keys(emailEditFormSchema(10, current), { email: 'hanako@example.jp' })).toEqual({ email: ['email.tooLong'] });
    expect(keys(schema, {})).toEqual({ email: ['email.required'] });
    expect(keys(schema, null)).toEqual({ '': ['common.invalid'] });
  });
});

describe('emailEditSendPinCodeBodySchema (POST /zapi/account/email/edit/send-pin-code)', () => {
  const schema = emailEditSendPinCodeBodySchema(254, current);

  it('takes { email, type: mailEdit }', () => {
    expect(ok(schema, { email: 'hanako@example.jp', type: 'mailEdit', extra: true })).toEqual({
      email: 'hanako@example.jp',
      type: 'mailEdit',
    });
  });

  it('refuses another purpose, a missing type and the current address', () => {
    expect(keys(schema, { email: 'hanako@example.jp', type: 'login' })).toEqual({ type: ['common.invalidOption'] });
    expect(keys(schema, { email: 'hanako@example.jp' })).toEqual({ type: ['common.invalidOption'] });
    expect(keys(schema, { email: current, type: 'mailEdit' })).toEqual({ email: ['email.unchanged'] });
  });
});

describe('emailEditBodySchema (POST /zapi/account/email/edit)', () => {
  const schema = emailEditBodySchema(254);

  it('takes the new address and the 6-digit code', () => {
    expect(ok(schema, { email: 'hanako@example.jp', pinCode: '１２３ 456' })).toEqual({ email: 'hanako@example.jp', pinCode: '123456' });
  });

  it('refuses a missing or malformed code', () => {
    expect(keys(schema, { email: 'hanako@example.jp', pinCode: '' })).toEqual({ pinCode: ['authCode.required'] });
    expect(keys(schema, { email: 'hanako@example.jp', pinCode: '1234' })).toEqual({ pinCode: ['authCode.invalid'] });
    expect(keys(schema, { pinCode: '123456' })).toEqual({ email: ['email.required'] });
  });
});
