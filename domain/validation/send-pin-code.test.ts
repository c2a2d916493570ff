import { describe, expect, it } from 'vitest';
import { AUTH_CODE_PURPOSES, isAuthCodePurpose, sendPinCodeBodySchema } from './send-pin-code.ts';
import { keys, ok } from './test-support.ts';

describe('sendPinCodeBodySchema (POST /zapi/account/email/send-pin-code)', () => {
  const schema = sendPinCodeBodySchema(254);

  it('serves the five purposes of the spec', () => {
    expect(AUTH_CODE_PURPOSES).toEqual(['signUp', 'mailEdit', 'withdraw', 'login', 'passwordSetting']);
    for (const type of AUTH_CODE_PURPOSES) expect(ok(schema, { type })).toEqual({ type });
  });

  it('takes an optional address, normalised', () => {
    expect(ok(schema, { email: ' a@B.jp ', type: 'mailEdit' })).toEqual({ email: 'a@b.jp', type: 'mailEdit' });
  });

  it('refuses an unknown purpose and a bad address', () => {
    expect(keys(schema, { type: 'passwordReset' })).toEqual({ type: ['common.invalidOption'] });
    expect(keys(schema, {})).toEqual({ type: ['common.invalidOption'] });
    expect(keys(schema, { email: 'nope', type: 'login' })).toEqual({ email: ['email.invalid'] });
    expect(keys(schema, [])).toEqual({ '': ['common.invalid'] });
  });

  it('isAuthCodePurpose', () => {
    expect(isAuthCodePurpose('withdraw')).toBe(true);
    expect(isAuthCodePurpose('toString')).toBe(false);
    expect(isAuthCodePurpose(1)).toBe(false);
  });
});
