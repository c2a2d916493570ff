import { describe, expect, it } from 'vitest';
import { formatMessage } from '../validation/messages.ts';
import { errorField, mypageForms } from './error-fields.ts';

const err = (code: string, status: number) => ({ code, status });

describe('errorField', () => {
  it('PIN_CODE_ERROR goes on the code with 認証に失敗しました。', () => {
    for (const form of ['emailEditCode', 'enablePassword', 'withdrawCode'] as const) {
      expect(errorField(form, err('PIN_CODE_ERROR', 400))).toEqual({ field: 'pinCode', key: 'authCode.failed' });
      expect(errorField(form, err('TOO_MANY_REQUESTS', 429))).toBeNull();
    }
    expect(formatMessage('authCode.failed')).toBe('認証に失敗しました。');
  });

  it('password change: reuse on the new password, 401 on the old one', () => {
    expect(errorField('passwordEdit', err('INVALID_PASSWORD_REUSED', 400))).toEqual({ field: 'newPassword' });
    expect(errorField('passwordEdit', err('UNAUTHORIZED', 401))).toEqual({ field: 'oldPassword' });
    expect(errorField('passwordEdit', err('REQUEST_UNAUTHORIZED', 401))).toEqual({ field: 'oldPassword' });
    expect(errorField('passwordEdit', err('INTERNAL_ERROR', 500))).toBeNull();
  });

  it('user-ID change: a wrong password and a taken ID', () => {
    expect(errorField('userIdEdit', err('REQUEST_UNAUTHORIZED', 401))).toEqual({ field: 'password', key: 'password.incorrect' });
    expect(formatMessage('password.incorrect')).toBe('パスワードが正しくありません。');
    expect(errorField('userIdEdit', err('ACCOUNT_ALREADY_EXISTS_USER_ID', 409))).toEqual({ field: 'userId' });
    expect(errorField('userIdEdit', err('INTERNAL_ERROR', 500))).toBeNull();
  });

  it('e-mail change, step 1: a taken address and a failed send go on the address', () => {
    expect(errorField('emailEditSend', err('ACCOUNT_ALREADY_EXISTS_EMAIL', 409))).toEqual({ field: 'email' });
    expect(errorField('emailEditSend', err('INTERNAL_ERROR', 500))).toEqual({ field: 'email' });
    expect(errorField('emailEditSend', err('BAD_GATEWAY', 502))).toEqual({ field: 'email' });
    expect(errorField('emailEditSend', err('TOO_MANY_REQUESTS', 429))).toBeNull();
  });

  it('a postal lookup failure goes on the postal code', () => {
    expect(errorField('postalLookup', err('NOT_FOUND', 404))).toEqual({ field: 'postalCode' });
  });

  it('covers every form', () => {
    for (const form of mypageForms) expect(() => errorField(form, err('X', 400))).not.toThrow();
  });
});
