import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import { enablePasswordSchema, passwordEditBodySchema, passwordEditFormSchema } from './password-setting.ts';
import { keys, ok } from './test-support.ts';

describe('enablePasswordSchema (POST /zapi/account/enable-password)', () => {
  const schema = enablePasswordSchema('NONE');

  it('takes the code, the password and its confirmation', () => {
    expect(ok(schema, { pinCode: '123456', password: 'hanako88', passwordConfirm: 'hanako88', x: 1 })).toEqual({
      pinCode: '123456',
      password: 'hanako88',
      passwordConfirm: 'hanako88',
    });
  });

  it('reports the code, the rules and the mismatch', () => {
    expect(keys(schema, { pinCode: '', password: '', passwordConfirm: '' })).toEqual({
      pinCode: ['authCode.required'],
      password: ['password.required'],
      passwordConfirm: ['password.confirmRequired'],
    });
    expect(keys(schema, { pinCode: '123456', password: 'hanako88', passwordConfirm: 'hanako89' })).toEqual({
      passwordConfirm: ['password.mismatch'],
    });
    expect(formatMessage('password.mismatch')).toBe('パスワードが一致しません');
  });

  it('follows the store strength', () => {
    expect(
      keys(enablePasswordSchema('UPPER_CASE_SYMBOL'), { pinCode: '123456', password: 'hanako88', passwordConfirm: 'hanako88' }),
    ).toEqual({
      password: ['password.uppercaseRequired', 'password.symbolRequired'],
    });
  });
});

describe('passwordEditBodySchema (POST /zapi/account/password/edit)', () => {
  const schema = passwordEditBodySchema('NONE');

  it('takes { oldPassword, newPassword } and drops the rest', () => {
    expect(ok(schema, { oldPassword: 'old', newPassword: 'hanako88', newPasswordConfirm: 'x' })).toEqual({
      oldPassword: 'old',
      newPassword: 'hanako88',
    });
  });

  it('the old one is required, the new one follows the rules and differs', () => {
    expect(keys(schema, { oldPassword: '', newPassword: 'short' })).toEqual({
      oldPassword: ['password.oldRequired'],
      newPassword: ['password.tooShort', 'password.digitRequired'],
    });
    expect(keys(schema, { oldPassword: 'hanako88', newPassword: 'hanako88' })).toEqual({ newPassword: ['password.sameAsOld'] });
    expect(keys(schema, { oldPassword: 'x', newPassword: `${'a'.repeat(30)}1` })).toEqual({ newPassword: ['password.tooLong'] });
    expect(keys(schema, { oldPassword: 'x', newPassword: 'hanako88あ' })).toEqual({ newPassword: ['password.invalidChars'] });
  });
});

describe('passwordEditFormSchema', () => {
  const schema = passwordEditFormSchema('SYMBOL');

  it('accepts a change with a matching confirmation', () => {
    expect(ok(schema, { oldPassword: 'old', newPassword: 'hanako88!', newPasswordConfirm: 'hanako88!' })).toEqual({
      oldPassword: 'old',
      newPassword: 'hanako88!',
      newPasswordConfirm: 'hanako88!',
    });
  });

  it('reports the confirmation and the unchanged password on their fields', () => {
    expect(keys(schema, { oldPassword: 'old', newPassword: 'hanako88!', newPasswordConfirm: 'hanako88?' })).toEqual({
      newPasswordConfirm: ['password.mismatch'],
    });
    expect(keys(schema, { oldPassword: 'hanako88!', newPassword: 'hanako88!', newPasswordConfirm: 'hanako88!' })).toEqual({
      newPassword: ['password.sameAsOld'],
    });
    expect(keys(schema, { oldPassword: 'old', newPassword: 'hanako88', newPasswordConfirm: '' })).toEqual({
      newPassword: ['password.symbolRequired'],
      newPasswordConfirm: ['password.confirmRequired'],
    });
  });
});
