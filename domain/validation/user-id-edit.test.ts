import { describe, expect, it } from 'vitest';
import { formatMessage } from './messages.ts';
import { keys, ok } from './test-support.ts';
import { currentPasswordField, shouldVerifyUserId, userIdEditSchema, userIdVerifyBodySchema } from './user-id-edit.ts';

describe('userIdEditSchema (form and POST /zapi/account/user-id/edit)', () => {
  const schema = userIdEditSchema('taro2026');

  it('accepts a new ID with the password; the ID is trimmed, the password kept as typed', () => {
    expect(ok(schema, { userId: ' hanako88 ', password: ' secret99 ', extra: 1 })).toEqual({ userId: 'hanako88', password: ' secret99 ' });
  });

  it('6 to 15 half-width letters and digits, with the spec texts', () => {
    expect(keys(schema, { userId: 'abc12', password: 'secret99' })).toEqual({ userId: ['userId.tooShort'] });
    expect(keys(schema, { userId: 'abcdef1234567890', password: 'secret99' })).toEqual({ userId: ['userId.tooLong'] });
    expect(keys(schema, { userId: 'ｔａｒｏ２０２６', password: 'secret99' })).toEqual({ userId: ['userId.invalidChars'] });
    expect(keys(schema, { userId: '', password: 'secret99' })).toEqual({ userId: ['userId.required'] });
    expect(formatMessage('userId.tooShort')).toBe('ユーザIDは6文字以上です。');
    expect(formatMessage('userId.tooLong')).toBe('ユーザIDは15文字以下です。');
    expect(formatMessage('userId.invalidChars')).toBe('半角英数字で入力してください。');
  });

  it('must differ from the current ID', () => {
    expect(keys(schema, { userId: 'taro2026', password: 'secret99' })).toEqual({ userId: ['userId.unchanged'] });
    expect(keys(schema, { userId: ' taro2026 ', password: '' })).toEqual({ userId: ['userId.unchanged'], password: ['password.required'] });
    expect(keys(schema, { userId: 'Taro2026', password: 'secret99' })).toEqual({});
  });

  it('any valid ID is a change for a member without one', () => {
    expect(keys(userIdEditSchema(null), { userId: 'taro2026', password: 'secret99' })).toEqual({});
  });

  it('the password is required and at least 8 characters', () => {
    expect(keys(schema, { userId: 'hanako88', password: '' })).toEqual({ password: ['password.required'] });
    expect(keys(schema, { userId: 'hanako88', password: 'short7!' })).toEqual({ password: ['password.currentTooShort'] });
    expect(keys(schema, { userId: 'hanako88' })).toEqual({ password: ['password.required'] });
    expect(formatMessage('password.currentTooShort')).toBe('パスワードは8文字以上で入力してください。');
  });

  it('currentPasswordField carries the minimum as a param', () => {
    const result = currentPasswordField.safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: 'password.currentTooShort', params: { min: 8 } });
  });
});

describe('shouldVerifyUserId (server check on blur)', () => {
  const none = { currentUserId: null, lastChecked: null };

  it('asks for a valid, new ID once', () => {
    expect(shouldVerifyUserId('hanako88', none)).toBe(true);
    expect(shouldVerifyUserId(' hanako88 ', { currentUserId: 'taro2026', lastChecked: 'other123' })).toBe(true);
    expect(shouldVerifyUserId('hanako88', { currentUserId: null, lastChecked: 'hanako88' })).toBe(false);
  });

  it('not for the unchanged ID nor an invalid one', () => {
    expect(shouldVerifyUserId('taro2026', { currentUserId: 'taro2026', lastChecked: null })).toBe(false);
    expect(shouldVerifyUserId('abc', none)).toBe(false);
    expect(shouldVerifyUserId('', none)).toBe(false);
  });
});

describe('userIdVerifyBodySchema', () => {
  it('takes { userId }', () => {
    expect(ok(userIdVerifyBodySchema, { userId: 'hanako88' })).toEqual({ userId: 'hanako88' });
    expect(keys(userIdVerifyBodySchema, { userId: 'a_b' })).toEqual({ userId: ['userId.tooShort', 'userId.invalidChars'] });
  });
});
