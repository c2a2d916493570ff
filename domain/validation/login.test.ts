import { describe, expect, it } from 'vitest';
import { authCodeSchema, isEmailIdentifier, loginCodeRequestSchema, loginPasswordSchema } from './login.ts';
import { keys, ok, publicWith, storeWith } from './test-support.ts';

const emailOnly = publicWith();
const withUserId = publicWith({ features: { userId: true } });

describe('loginPasswordSchema', () => {
  it('e-mail and password; the e-mail is normalised and the password kept as typed', () => {
    expect(ok(loginPasswordSchema(emailOnly), { emailUserId: ' Taro@Example.jp ', password: ' pass ' })).toEqual({
      emailUserId: 'Taro@example.jp',
      password: ' pass ',
    });
  });

  it('password required: パスワードを入力してください。', () => {
    expect(keys(loginPasswordSchema(emailOnly), { emailUserId: 'taro@example.jp', password: '' })).toEqual({
      password: ['password.required'],
    });
    expect(keys(loginPasswordSchema(emailOnly), { emailUserId: 'taro@example.jp' })).toEqual({ password: ['password.required'] });
  });

  it('does not apply the strength rules to the password typed at login', () => {
    expect(
      ok(loginPasswordSchema(publicWith({ passwordStrength: 'UPPER_CASE_SYMBOL' })), { emailUserId: 'a@b.jp', password: 'x' }).password,
    ).toBe('x');
  });

  it('without user IDs: the e-mail is required and must be an address', () => {
    const schema = loginPasswordSchema(emailOnly);
    expect(keys(schema, { emailUserId: '', password: 'p' })).toEqual({ emailUserId: ['email.required'] });
    expect(keys(schema, { emailUserId: 'taro2026', password: 'p' })).toEqual({ emailUserId: ['email.invalid'] });
  });

  it('with user IDs: an e-mail address or a 6-15 character user ID', () => {
    const schema = loginPasswordSchema(withUserId);
    expect(ok(schema, { emailUserId: ' taro2026 ', password: 'p' }).emailUserId).toBe('taro2026');
    expect(ok(schema, { emailUserId: 'taro@example.jp', password: 'p' }).emailUserId).toBe('taro@example.jp');
    expect(keys(schema, { emailUserId: '', password: '' })).toEqual({
      emailUserId: ['login.emailUserIdRequired'],
      password: ['password.required'],
    });
    for (const bad of ['taro', 'taro_2026', 'abcdefghij123456', 'taro@example']) {
      expect(keys(schema, { emailUserId: bad, password: 'p' }), bad).toEqual({ emailUserId: ['login.emailUserIdInvalid'] });
    }
  });

  it('drops other body fields (the bot-check token is read separately)', () => {
    expect(ok(loginPasswordSchema(emailOnly), { emailUserId: 'a@b.jp', password: 'p', botToken: 'x' })).toEqual({
      emailUserId: 'a@b.jp',
      password: 'p',
    });
  });

  it('takes the full settings too', () => {
    expect(ok(loginPasswordSchema(storeWith({ features: { userId: true } })), { emailUserId: 'taro2026', password: 'p' }).emailUserId).toBe(
      'taro2026',
    );
  });
});

describe('loginCodeRequestSchema', () => {
  it('asks only for the identifier', () => {
    expect(ok(loginCodeRequestSchema(withUserId), { emailUserId: 'taro2026', password: 'ignored' })).toEqual({ emailUserId: 'taro2026' });
    expect(keys(loginCodeRequestSchema(emailOnly), {})).toEqual({ emailUserId: ['email.required'] });
    expect(keys(loginCodeRequestSchema(withUserId), {})).toEqual({ emailUserId: ['login.emailUserIdRequired'] });
  });
});

describe('isEmailIdentifier', () => {
  it('tells an address from a user ID', () => {
    expect(isEmailIdentifier('a@b.jp')).toBe(true);
    expect(isEmailIdentifier('taro2026')).toBe(false);
  });
});

describe('authCodeSchema', () => {
  it('6 half-width digits', () => {
    expect(ok(authCodeSchema, '012345')).toBe('012345');
  });

  it('full-width digits and spaces are normalised first', () => {
    expect(ok(authCodeSchema, '０１２３４５')).toBe('012345');
    expect(ok(authCodeSchema, ' 012 345 ')).toBe('012345');
  });

  it('is required', () => {
    expect(keys(authCodeSchema, '')).toEqual({ '': ['authCode.required'] });
    expect(keys(authCodeSchema, undefined)).toEqual({ '': ['authCode.required'] });
  });

  it('refuses other lengths and characters', () => {
    for (const bad of ['12345', '1234567', '12345a', '12-345'])
      expect(keys(authCodeSchema, bad), bad).toEqual({ '': ['authCode.invalid'] });
  });
});
