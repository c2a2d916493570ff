import { describe, expect, it } from 'vitest';
import { fieldIssues } from './issues.ts';
import {
  newPasswordSchema,
  type PasswordStrength,
  passwordPairSchema,
  passwordProblems,
  passwordResetSchema,
  passwordSchema,
} from './password.ts';
import { keys, ok } from './test-support.ts';

const STRENGTHS: PasswordStrength[] = ['NONE', 'UPPER_CASE', 'SYMBOL', 'UPPER_CASE_SYMBOL'];

describe('passwordSchema', () => {
  it('accepts a password that meets every strength', () => {
    for (const s of STRENGTHS) expect(ok(passwordSchema(s), 'abcD3fg!')).toBe('abcD3fg!');
  });

  it('never trims: spaces are not allowed characters', () => {
    expect(keys(passwordSchema('NONE'), ' abcdef12 ')).toEqual({ '': ['password.invalidChars'] });
  });

  it('an empty or missing password is only "required"', () => {
    expect(keys(passwordSchema('UPPER_CASE_SYMBOL'), '')).toEqual({ '': ['password.required'] });
    expect(keys(passwordSchema('NONE'), undefined)).toEqual({ '': ['password.required'] });
    expect(keys(passwordSchema('NONE'), null)).toEqual({ '': ['password.required'] });
  });

  it('length: 8 to 30 characters, with the bound in params', () => {
    const schema = passwordSchema('NONE');
    expect(keys(schema, 'abc1234')).toEqual({ '': ['password.tooShort'] });
    expect(ok(schema, 'abcd1234')).toBe('abcd1234');
    expect(ok(schema, `a1${'x'.repeat(28)}`)).toHaveLength(30);
    expect(keys(schema, `a1${'x'.repeat(29)}`)).toEqual({ '': ['password.tooLong'] });
    const short = schema.safeParse('a1');
    expect(short.success || fieldIssues(short.error)['']?.[0]).toEqual({ key: 'password.tooShort', params: { min: 8 } });
    const long = schema.safeParse(`a1${'x'.repeat(40)}`);
    expect(long.success || fieldIssues(long.error)['']?.[0]).toEqual({ key: 'password.tooLong', params: { max: 30 } });
  });

  it('allowed characters are printable ASCII without the space', () => {
    const schema = passwordSchema('NONE');
    expect(ok(schema, 'ab12!"#$%&\'()*+,-./')).toBeTruthy();
    expect(ok(schema, 'ab12:;<=>?@[\\]^_`{|}~')).toBeTruthy();
    for (const bad of ['abcd 1234', 'abcd1234あ', 'ａｂｃｄ1234', 'abcd1234\t', 'abcd1234é']) {
      expect(keys(schema, bad)['']).toContain('password.invalidChars');
    }
  });

  it('needs a lower-case letter and a digit under every strength', () => {
    for (const s of STRENGTHS) {
      expect(passwordProblems('ABCDEFG!', s)).toContain('password.lowercaseRequired');
      expect(passwordProblems('abcdefG!', s)).toContain('password.digitRequired');
    }
  });

  it('adds the upper-case and symbol rules as the strength demands', () => {
    expect(passwordProblems('abcdefg1', 'NONE')).toEqual([]);
    expect(passwordProblems('abcdefg1', 'UPPER_CASE')).toEqual(['password.uppercaseRequired']);
    expect(passwordProblems('abcdefg1', 'SYMBOL')).toEqual(['password.symbolRequired']);
    expect(passwordProblems('abcdefg1', 'UPPER_CASE_SYMBOL')).toEqual(['password.uppercaseRequired', 'password.symbolRequired']);
    expect(passwordProblems('abcdefG1', 'UPPER_CASE')).toEqual([]);
    expect(passwordProblems('abcdef_1', 'SYMBOL')).toEqual([]);
    expect(passwordProblems('abcdeF_1', 'UPPER_CASE_SYMBOL')).toEqual([]);
  });

  it('counts every ASCII symbol range as a symbol', () => {
    for (const sym of ['!', '/', ':', '@', '[', '`', '{', '~']) expect(passwordProblems(`abcdefg1${sym}`, 'SYMBOL')).toEqual([]);
  });

  it('reports every failing rule at once, in display order', () => {
    expect(keys(passwordSchema('UPPER_CASE_SYMBOL'), 'あ')).toEqual({
      '': [
        'password.tooShort',
        'password.invalidChars',
        'password.lowercaseRequired',
        'password.digitRequired',
        'password.uppercaseRequired',
        'password.symbolRequired',
      ],
    });
  });
});

describe('passwordPairSchema', () => {
  const schema = passwordPairSchema('UPPER_CASE');

  it('accepts a matching pair', () => {
    expect(ok(schema, { password: 'Abcdefg1', passwordConfirm: 'Abcdefg1' })).toEqual({
      password: 'Abcdefg1',
      passwordConfirm: 'Abcdefg1',
    });
  });

  it('puts the mismatch on the confirmation field', () => {
    expect(keys(schema, { password: 'Abcdefg1', passwordConfirm: 'Abcdefg2' })).toEqual({ passwordConfirm: ['password.mismatch'] });
  });

  it('reports the mismatch even when the password itself breaks rules', () => {
    expect(keys(schema, { password: 'abc', passwordConfirm: 'abd' })).toEqual({
      password: ['password.tooShort', 'password.digitRequired', 'password.uppercaseRequired'],
      passwordConfirm: ['password.mismatch'],
    });
  });

  it('an empty confirmation is required, not a mismatch', () => {
    expect(keys(schema, { password: 'Abcdefg1', passwordConfirm: '' })).toEqual({ passwordConfirm: ['password.confirmRequired'] });
    expect(keys(schema, { password: 'Abcdefg1' })).toEqual({ passwordConfirm: ['password.confirmRequired'] });
  });

  it('refuses something that is not an object with a key', () => {
    expect(keys(schema, 'Abcdefg1')).toEqual({ '': ['common.invalid'] });
  });
});

describe('passwordResetSchema', () => {
  it('needs the token from the link as well', () => {
    const schema = passwordResetSchema('NONE');
    expect(ok(schema, { token: 't0k3n', password: 'abcdefg1', passwordConfirm: 'abcdefg1' }).token).toBe('t0k3n');
    expect(keys(schema, { token: '', password: 'abcdefg1', passwordConfirm: 'abcdefg2' })).toEqual({
      token: ['common.invalid'],
      passwordConfirm: ['password.mismatch'],
    });
  });
});

describe('newPasswordSchema', () => {
  const schema = newPasswordSchema('SYMBOL');

  it('accepts a new password that differs from the old one', () => {
    expect(ok(schema, { oldPassword: 'x', newPassword: 'abcdef1!' })).toEqual({ oldPassword: 'x', newPassword: 'abcdef1!' });
  });

  it('the old password is required (any length of at least 1)', () => {
    expect(keys(schema, { oldPassword: '', newPassword: 'abcdef1!' })).toEqual({ oldPassword: ['password.oldRequired'] });
    expect(keys(schema, { newPassword: 'abcdef1!' })).toEqual({ oldPassword: ['password.oldRequired'] });
  });

  it('the new password must differ, with the message on the new password', () => {
    expect(keys(schema, { oldPassword: 'abcdef1!', newPassword: 'abcdef1!' })).toEqual({ newPassword: ['password.sameAsOld'] });
  });

  it('the new password follows the strength rules', () => {
    expect(keys(schema, { oldPassword: 'old', newPassword: 'abcdefg1' })).toEqual({ newPassword: ['password.symbolRequired'] });
    expect(keys(schema, { oldPassword: 'old', newPassword: '' })).toEqual({ newPassword: ['password.required'] });
  });
});
