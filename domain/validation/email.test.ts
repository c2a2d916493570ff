import { describe, expect, it } from 'vitest';
import { emailSchema, emailWithConfirmationSchema, isEmailFormat, normalizeEmail } from './email.ts';
import { fieldIssues } from './issues.ts';
import { keys, ok, publicWith } from './test-support.ts';

describe('emailSchema', () => {
  const schema = emailSchema(254);

  it('trims and lower-cases the domain only', () => {
    expect(ok(schema, '  Taro.Yamada@Example.CO.JP \u3000')).toBe('Taro.Yamada@example.co.jp');
  });

  it('accepts practical addresses, including the dotted local parts of Japanese carriers', () => {
    for (const good of [
      'a@b.jp',
      'taro+news@example.com',
      'taro..yamada.@docomo.ne.jp',
      "o'neil@mail.example.org",
      'x@xn--eckwd4c7c.jp',
      'a_b-c@sub-1.example.co.jp',
    ]) {
      expect(ok(schema, good)).toBe(good);
    }
  });

  it('refuses what is surely not an address', () => {
    for (const bad of [
      'taro',
      'taro@',
      '@example.jp',
      'taro@example',
      'ta ro@example.jp',
      'a@b@example.jp',
      'taro@exa_mple.jp',
      'taro@-example.jp',
      'taro@example.123',
      'たろう@example.jp',
      'taro@example..jp',
    ]) {
      expect(keys(schema, bad), bad).toEqual({ '': ['email.invalid'] });
    }
  });

  it('the local part is at most 64 characters', () => {
    expect(ok(schema, `${'a'.repeat(64)}@example.jp`)).toBeTruthy();
    expect(keys(schema, `${'a'.repeat(65)}@example.jp`)).toEqual({ '': ['email.invalid'] });
  });

  it('is required', () => {
    expect(keys(schema, '')).toEqual({ '': ['email.required'] });
    expect(keys(schema, '   ')).toEqual({ '': ['email.required'] });
    expect(keys(schema, undefined)).toEqual({ '': ['email.required'] });
  });

  it('respects the store maximum length, with {max} in params', () => {
    const short = emailSchema(publicWith({ signupFields: { maxLengths: { email: 12 } } }).signupFields.maxLengths.email);
    expect(ok(short, 'abc@exam.jp')).toBe('abc@exam.jp');
    const result = short.safeParse('abcdef@example.jp');
    expect(result.success || fieldIssues(result.error)).toEqual({ '': [{ key: 'email.tooLong', params: { max: 12 } }] });
  });

  it('the default maximum is 254', () => {
    expect(publicWith().signupFields.maxLengths.email).toBe(254);
  });
});

describe('normalizeEmail and isEmailFormat', () => {
  it('lower-cases after the last @ only', () => {
    expect(normalizeEmail(' AbC@EXAMPLE.JP ')).toBe('AbC@example.jp');
    expect(normalizeEmail('NoAt')).toBe('NoAt');
  });

  it('needs a dot in the domain', () => {
    expect(isEmailFormat('a@localhost')).toBe(false);
    expect(isEmailFormat('a@example.jp')).toBe(true);
  });
});

describe('emailWithConfirmationSchema', () => {
  const schema = emailWithConfirmationSchema(254);

  it('accepts a confirmation that matches after normalising', () => {
    expect(ok(schema, { email: 'taro@Example.jp', emailConfirm: ' taro@example.JP' })).toEqual({
      email: 'taro@example.jp',
      emailConfirm: 'taro@example.jp',
    });
  });

  it('the local part must match exactly', () => {
    expect(keys(schema, { email: 'Taro@example.jp', emailConfirm: 'taro@example.jp' })).toEqual({ emailConfirm: ['email.mismatch'] });
  });

  it('the confirmation is required', () => {
    expect(keys(schema, { email: 'taro@example.jp', emailConfirm: '' })).toEqual({ emailConfirm: ['email.confirmRequired'] });
    expect(keys(schema, { email: 'taro@example.jp' })).toEqual({ emailConfirm: ['email.confirmRequired'] });
  });

  it('does not add a mismatch while the address itself is wrong', () => {
    expect(keys(schema, { email: 'taro', emailConfirm: 'jiro' })).toEqual({ email: ['email.invalid'] });
  });
});
