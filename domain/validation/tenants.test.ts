// The demo stores in tenants/*.json through the builders, with what real visitors type.
import { describe, expect, it } from 'vitest';
import { publicStoreSettings } from '#config-schema/public-settings.ts';
import { emailWithConfirmationSchema } from './email.ts';
import { loginPasswordSchema } from './login.ts';
import { passwordPairSchema } from './password.ts';
import { policyConsentDefaults, policyConsentSchema } from './policy-consent.ts';
import { signupFormDefaults, signupFormSchema } from './signup-form.ts';
import { keys, ok, tenants } from './test-support.ts';

const now = new Date('2026-04-15T03:00:00Z');
const aozora = publicStoreSettings.parse(tenants.aozora);
const kurenai = publicStoreSettings.parse(tenants.kurenai);
const midori = publicStoreSettings.parse(tenants.midori);

describe('the demo stores', () => {
  it('are the three expected', () => {
    expect(Object.keys(tenants).sort()).toEqual(['aozora', 'kurenai', 'midori']);
  });

  it.each(Object.entries(tenants))('%s: the form defaults plus agreement give a valid policy consent', (_, s) => {
    const consent = policyConsentDefaults(s.policies).map((c) => ({ ...c, agreed: true }));
    expect(ok(policyConsentSchema(s.policies), consent)).toHaveLength(s.policies.length);
  });

  it.each(Object.entries(tenants))('%s: the empty form fails only on required fields', (_, s) => {
    const result = keys(signupFormSchema(s, { now }), signupFormDefaults(s));
    const required = Object.entries(s.signupFields)
      .filter(([name, usage]) => usage === 'REQUIRED' && (name !== 'userId' || s.features.userId))
      .map(([name]) => name);
    for (const name of required) expect(Object.keys(result)).toContain(name);
  });
});

describe('aozora: name, kana, sex and birthday required; upper-case passwords', () => {
  const schema = signupFormSchema(aozora, { now });

  it('accepts a realistic sign-up', () => {
    expect(
      ok(schema, {
        name: '青空 花子',
        nameKana: 'アオゾラ ハナコ',
        nickname: '',
        sex: '2',
        birthday: '1988/07/07',
        phoneNumber: '',
        prefecture: '27',
        postalCode: '530-0001',
        message: 'not asked',
        password: 'Hanako1988',
        passwordConfirm: 'Hanako1988',
      }),
    ).toEqual({
      name: '青空 花子',
      nameKana: 'アオゾラ\u3000ハナコ',
      nickname: null,
      sex: 2,
      birthday: '19880707',
      phoneNumber: null,
      prefecture: 27,
      password: 'Hanako1988',
      passwordConfirm: 'Hanako1988',
    });
  });

  it('refuses typical mistakes', () => {
    expect(
      keys(schema, {
        name: '',
        nameKana: 'あおぞら',
        sex: '',
        birthday: '1988/02/30',
        phoneNumber: '06-1234-567',
        password: 'hanako1988',
        passwordConfirm: 'Hanako1988',
      }),
    ).toEqual({
      name: ['common.required'],
      nameKana: ['kana.invalid'],
      sex: ['sex.required'],
      birthday: ['birthday.invalid'],
      phoneNumber: ['phone.invalid'],
      password: ['password.uppercaseRequired'],
      passwordConfirm: ['password.mismatch'],
    });
  });

  it('logs in by e-mail only', () => {
    expect(keys(loginPasswordSchema(aozora), { emailUserId: 'hanako1988', password: 'x' })).toEqual({ emailUserId: ['email.invalid'] });
  });
});

describe('kurenai: user IDs, required nickname, no "decline" sex, strongest passwords', () => {
  const schema = signupFormSchema(kurenai, { now });

  it('accepts a realistic sign-up', () => {
    expect(
      ok(schema, { userId: 'kurenai77', nickname: '紅太郎', sex: 1, birthday: '', password: 'Kurenai#77', passwordConfirm: 'Kurenai#77' }),
    ).toEqual({
      userId: 'kurenai77',
      nickname: '紅太郎',
      sex: 1,
      birthday: null,
      password: 'Kurenai#77',
      passwordConfirm: 'Kurenai#77',
    });
  });

  it('refuses typical mistakes', () => {
    expect(keys(schema, { userId: 'kurenai_77', nickname: ' ', sex: '0', password: 'kurenai77', passwordConfirm: 'kurenai77' })).toEqual({
      userId: ['userId.invalidChars'],
      nickname: ['common.required'],
      sex: ['sex.required'],
      password: ['password.uppercaseRequired', 'password.symbolRequired'],
    });
  });

  it('logs in by user ID or e-mail', () => {
    expect(ok(loginPasswordSchema(kurenai), { emailUserId: 'kurenai77', password: 'x' }).emailUserId).toBe('kurenai77');
    expect(ok(loginPasswordSchema(kurenai), { emailUserId: 'Beni@Kurenai.JP', password: 'x' }).emailUserId).toBe('Beni@kurenai.jp');
    expect(keys(loginPasswordSchema(kurenai), { emailUserId: '', password: '' })).toEqual({
      emailUserId: ['login.emailUserIdRequired'],
      password: ['password.required'],
    });
  });

  it('password setting follows the store strength', () => {
    expect(keys(passwordPairSchema(kurenai.passwordStrength), { password: 'Kurenai77', passwordConfirm: 'Kurenai77' })).toEqual({
      password: ['password.symbolRequired'],
    });
  });
});

describe('midori: split names, address, message and store questions', () => {
  const schema = signupFormSchema(midori, { now });
  const base = {
    familyName: '緑川',
    givenName: '森',
    familyNameKana: 'ミドリカワ',
    givenNameKana: '',
    postalCode: '９８０－０８１１',
    prefecture: 4,
    message: '学校で使います。\r\nよろしくお願いします。',
    customAssociatedInfo: [
      { id: 'referral', value: 'school' },
      { id: 'interests', value: ['ocean', 'wildlife'] },
      { id: 'organization', value: '緑ヶ丘小学校' },
    ],
    password: 'midori2026',
    passwordConfirm: 'midori2026',
  };

  it('accepts a realistic sign-up and drops fields the store does not use', () => {
    expect(ok(schema, { ...base, nickname: 'みどり', sex: '1' })).toEqual({
      familyName: '緑川',
      givenName: '森',
      familyNameKana: 'ミドリカワ',
      givenNameKana: null,
      postalCode: '9800811',
      prefecture: 4,
      message: '学校で使います。\nよろしくお願いします。',
      customAssociatedInfo: [
        { id: 'referral', value: 'school' },
        { id: 'interests', value: ['wildlife', 'ocean'] },
        { id: 'organization', value: '緑ヶ丘小学校' },
      ],
      password: 'midori2026',
      passwordConfirm: 'midori2026',
    });
  });

  it('refuses typical mistakes', () => {
    expect(
      keys(schema, {
        ...base,
        givenName: '',
        postalCode: '980-081',
        prefecture: '',
        customAssociatedInfo: [
          { id: 'referral', value: '' },
          { id: 'interests', value: ['space'] },
          { id: 'organization', value: 'あ'.repeat(61) },
        ],
      }),
    ).toEqual({
      givenName: ['common.required'],
      postalCode: ['postalCode.invalid'],
      prefecture: ['prefecture.required'],
      'customAssociatedInfo.0.value': ['common.selectRequired'],
      'customAssociatedInfo.1.value': ['common.invalidOption'],
      'customAssociatedInfo.2.value': ['common.tooLong'],
    });
  });

  it('e-mail confirmation at sign-up uses the store maximum', () => {
    const pair = emailWithConfirmationSchema(midori.signupFields.maxLengths.email);
    expect(ok(pair, { email: 'mori@midori.example.jp', emailConfirm: 'mori@midori.example.jp' })).toBeTruthy();
    expect(keys(pair, { email: 'mori@midori.example.jp', emailConfirm: 'mori@midori.example.com' })).toEqual({
      emailConfirm: ['email.mismatch'],
    });
  });
});
