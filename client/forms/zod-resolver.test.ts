import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createI18n, loadCatalog } from '#client/i18n/setup.ts';
import { customInfoSchema } from '#domain/validation/custom-info.ts';
import { authCodeSchema, emailWithConfirmationSchema, loginPasswordSchema, passwordPairSchema } from '#domain/validation/index.ts';
import { builtOnFirstUse, zodResolver, zodResolverOnDemand } from './zod-resolver.ts';

await Promise.all([loadCatalog('ja'), loadCatalog('en')]);
const ja = createI18n('ja');
const en = createI18n('en');
const options = { fields: {}, shouldUseNativeValidation: false };
const run = <T extends Record<string, unknown>>(resolver: ReturnType<typeof zodResolver>, values: T) =>
  resolver(values, undefined, options);
const login = loginPasswordSchema({ features: { userId: false } as never });

describe('zodResolver', () => {
  it('hands the parsed, normalised values to submit when the form is valid', async () => {
    const result = await run(zodResolver(login, ja), { emailUserId: '  Taro@Example.JP ', password: 'secret' });
    expect(result).toEqual({ values: { emailUserId: 'Taro@example.jp', password: 'secret' }, errors: {} });
  });

  it('gives each field its first message in Japanese, with the key as type', async () => {
    const result = await run(zodResolver(login, ja), { emailUserId: '', password: '' });
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      emailUserId: { type: 'email.required', message: 'メールアドレスを入力してください。' },
      password: { type: 'password.required', message: 'パスワードを入力してください。' },
    });
  });

  it('translates into English', async () => {
    const result = await run(zodResolver(login, en), { emailUserId: 'nope', password: '' });
    expect(result.errors.emailUserId?.message).toMatch(/e-mail/i);
    expect(result.errors.password?.message).not.toMatch(/[ぁ-ん]/);
  });

  it('fills placeholders from the issue and from the caller (the code name)', async () => {
    const schema = z.object({ authCode: authCodeSchema });
    const resolver = zodResolver(schema, ja, { params: { authCode: { field: 'ログインコード' } } });
    expect((await run(resolver, { authCode: '' })).errors.authCode?.message).toBe('ログインコードを入力してください。');
    const long = await run(zodResolver(z.object({ email: emailWithConfirmationSchema(10).shape.email }), ja), {
      email: 'abcdef@example.jp',
    });
    expect(long.errors.email?.message).toBe('メールアドレスは10文字以内で入力してください。');
  });

  it('puts cross-field issues on the field named by their path', async () => {
    const result = await run(zodResolver(emailWithConfirmationSchema(254), ja), { email: 'a@example.jp', emailConfirm: 'b@example.jp' });
    expect(result.errors).toEqual({ emailConfirm: expect.objectContaining({ message: 'メールアドレスが一致しません。' }) });
    const pw = await run(zodResolver(passwordPairSchema('NONE'), ja), { password: 'abcdefg1', passwordConfirm: 'abcdefg2' });
    expect(pw.errors.passwordConfirm?.type).toBe('password.mismatch');
  });

  it('lists every issue of a field under types', async () => {
    const result = await run(zodResolver(passwordPairSchema('UPPER_CASE'), ja), { password: 'abc', passwordConfirm: 'abc' });
    expect(Object.keys(result.errors.password?.types ?? {})).toEqual([
      'password.tooShort',
      'password.digitRequired',
      'password.uppercaseRequired',
    ]);
  });

  it('nests list entries as react-hook-form names them (customAssociatedInfo.0.value)', async () => {
    const schema = z.object({
      customAssociatedInfo: customInfoSchema([
        {
          id: 'q',
          title: { ja: '質問' },
          type: 'SELECT',
          rule: 'REQUIRED',
          maxLength: 100,
          selectOptions: [{ id: 'a', label: { ja: 'A' } }],
        },
      ]),
    });
    const result = await run(zodResolver(schema, ja), { customAssociatedInfo: [{ id: 'q', value: '' }] });
    expect(result.errors).toEqual({ customAssociatedInfo: [{ value: expect.objectContaining({ message: '選択してください。' }) }] });
  });

  it('reads a schema getter on each run', async () => {
    let strict = false;
    const resolver = zodResolver(() => (strict ? login : z.object({ emailUserId: z.string() })), ja);
    expect((await run(resolver, { emailUserId: 'x' })).errors).toEqual({});
    strict = true;
    expect((await run(resolver, { emailUserId: 'x', password: 'p' })).errors.emailUserId?.type).toBe('email.invalid');
  });

  it('builds a schema given through builtOnFirstUse at the first check, once', async () => {
    let builds = 0;
    const resolver = zodResolver(
      builtOnFirstUse(() => {
        builds++;
        return login;
      }),
      ja,
    );
    expect(builds).toBe(0);
    await run(resolver, { emailUserId: 'x' });
    expect((await run(resolver, { emailUserId: 'x', password: 'p' })).errors.emailUserId?.type).toBe('email.invalid');
    expect(builds).toBe(1);
  });
});

describe('zodResolverOnDemand', () => {
  it('loads the schema on the first check, once, and answers as zodResolver over it', async () => {
    let loads = 0;
    const resolver = zodResolverOnDemand(async () => {
      loads++;
      return login;
    }, ja);
    expect(loads).toBe(0);
    const invalid = { emailUserId: '', password: '' };
    expect(await run(resolver, invalid)).toEqual(await run(zodResolver(login, ja), invalid));
    const valid = { emailUserId: '  Taro@Example.JP ', password: 'secret' };
    expect(await run(resolver, valid)).toEqual({ values: { emailUserId: 'Taro@example.jp', password: 'secret' }, errors: {} });
    expect(loads).toBe(1);
  });

  it('starts the load on preload, and tries a failed load again on the next check', async () => {
    let loads = 0;
    const resolver = zodResolverOnDemand(async () => {
      loads++;
      if (loads === 1) throw new Error('offline');
      return login;
    }, ja);
    resolver.preload();
    expect(loads).toBe(1);
    // Let the failed load settle before the check.
    await new Promise((settled) => setTimeout(settled, 0));
    await expect(run(resolver, { emailUserId: '', password: '' })).resolves.toMatchObject({
      errors: { password: { type: 'password.required' } },
    });
    expect(loads).toBe(2);
  });
});
