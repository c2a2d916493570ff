import { describe, expect, it } from 'vitest';
import { fieldUsages, PROFILE_FIELDS } from './profile-field-list.ts';
import { signupFormDefaults, signupFormSchema } from './signup-form.ts';
import { keys, ok, publicWith, storeWith } from './test-support.ts';

const now = new Date('2026-04-15T03:00:00Z');
const allAs = (usage: string) => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, usage]));

const good = {
  userId: 'taro2026',
  name: '山田 太郎',
  nameKana: 'ヤマダ タロウ',
  familyName: '山田',
  givenName: '太郎',
  familyNameKana: 'ヤマダ',
  givenNameKana: 'タロウ',
  nickname: 'たろう',
  sex: '1',
  birthday: '1990/01/05',
  phoneNumber: '090-1234-5678',
  postalCode: '100-0001',
  prefecture: '13',
  address: '千代田区千代田1-1',
  message: 'よろしくお願いします。',
  password: 'abcdefg1',
  passwordConfirm: 'abcdefg1',
};

describe('signupFormSchema: which fields exist', () => {
  it('with every field NOT_USE and no password, only an empty object is left', () => {
    const s = publicWith({ features: { password: false }, signupFields: allAs('NOT_USE') });
    expect(ok(signupFormSchema(s, { now }), good)).toEqual({});
  });

  it('NOT_USE values that are sent are dropped unchecked', () => {
    const s = publicWith({ features: { password: false }, signupFields: { ...allAs('NOT_USE'), nickname: 'REQUIRED' } });
    expect(
      ok(signupFormSchema(s, { now }), { nickname: 'たろう', sex: 'bogus', phoneNumber: 'x', birthday: '99999999', extra: 1 }),
    ).toEqual({
      nickname: 'たろう',
    });
  });

  it('with every field REQUIRED, every field is checked and normalised', () => {
    const s = publicWith({ features: { userId: true }, signupFields: allAs('REQUIRED') });
    expect(ok(signupFormSchema(s, { now }), good)).toEqual({
      ...good,
      nameKana: 'ヤマダ\u3000タロウ',
      sex: 1,
      birthday: '19900105',
      phoneNumber: '09012345678',
      postalCode: '1000001',
      prefecture: 13,
    });
  });

  it('with every field REQUIRED, an empty form names each field', () => {
    const s = publicWith({ features: { userId: true }, signupFields: allAs('REQUIRED') });
    expect(keys(signupFormSchema(s, { now }), {})).toEqual({
      userId: ['userId.required'],
      name: ['common.required'],
      nameKana: ['common.required'],
      familyName: ['common.required'],
      givenName: ['common.required'],
      familyNameKana: ['common.required'],
      givenNameKana: ['common.required'],
      nickname: ['common.required'],
      sex: ['sex.required'],
      birthday: ['common.required'],
      phoneNumber: ['common.required'],
      postalCode: ['common.required'],
      prefecture: ['prefecture.required'],
      address: ['common.required'],
      message: ['common.required'],
      password: ['password.required'],
      passwordConfirm: ['password.confirmRequired'],
    });
  });

  it('with every field OPTIONAL, empty strings become null', () => {
    const s = publicWith({ features: { userId: true, password: false }, signupFields: allAs('OPTIONAL') });
    const empty = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, ' ']));
    expect(ok(signupFormSchema(s, { now }), empty)).toEqual(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])));
    expect(ok(signupFormSchema(s, { now }), {})).toEqual(Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])));
  });

  it('with every field OPTIONAL, bad values are still refused', () => {
    const s = publicWith({ features: { userId: true, password: false }, signupFields: allAs('OPTIONAL') });
    expect(
      keys(signupFormSchema(s, { now }), {
        userId: 'ab',
        nameKana: 'やまだ',
        sex: '5',
        birthday: '20300101',
        phoneNumber: '123',
        postalCode: '12',
        prefecture: '0',
      }),
    ).toEqual({
      userId: ['userId.tooShort'],
      nameKana: ['kana.invalid'],
      sex: ['sex.required'],
      birthday: ['birthday.future'],
      phoneNumber: ['phone.invalid'],
      postalCode: ['postalCode.invalid'],
      prefecture: ['prefecture.required'],
    });
  });

  it('the user ID stays off without features.userId, even if the public settings say otherwise', () => {
    const s = publicWith({ signupFields: { nickname: 'NOT_USE' }, features: { password: false } });
    s.signupFields.userId = 'REQUIRED';
    expect(fieldUsages(s).userId).toBe('NOT_USE');
    expect(ok(signupFormSchema(s, { now }), { userId: 'x' })).toEqual({});
  });

  it('the default settings ask for an optional nickname and a password', () => {
    const schema = signupFormSchema(publicWith(), { now });
    expect(ok(schema, { nickname: '', password: 'abcdefg1', passwordConfirm: 'abcdefg1' })).toEqual({
      nickname: null,
      password: 'abcdefg1',
      passwordConfirm: 'abcdefg1',
    });
  });
});

describe('signupFormSchema: limits and rules from the settings', () => {
  it('uses the store maximum lengths', () => {
    const s = publicWith({
      features: { password: false },
      signupFields: {
        name: 'REQUIRED',
        nickname: 'REQUIRED',
        address: 'OPTIONAL',
        message: 'OPTIONAL',
        maxLengths: { name: 4, nickname: 3, address: 5, message: 6 },
      },
    });
    expect(keys(signupFormSchema(s, { now }), { name: '山田太郎様', nickname: 'たろう君', address: '123456', message: '1234567' })).toEqual(
      {
        name: ['common.tooLong'],
        nickname: ['common.tooLong'],
        address: ['common.tooLong'],
        message: ['common.tooLong'],
      },
    );
    expect(ok(signupFormSchema(s, { now }), { name: '山田太郎', nickname: 'たろう', address: '12345', message: '123\n56' })).toBeTruthy();
  });

  it('the kana name fields share the name maximum', () => {
    const s = publicWith({ features: { password: false }, signupFields: { familyNameKana: 'REQUIRED', maxLengths: { name: 3 } } });
    expect(keys(signupFormSchema(s, { now }), { familyNameKana: 'ヤマダヤ' })).toEqual({ familyNameKana: ['common.tooLong'] });
  });

  it('sex 0 follows disallowUnknownGender', () => {
    const allow = publicWith({ features: { password: false }, signupFields: { sex: 'REQUIRED' } });
    const deny = publicWith({ features: { password: false }, signupFields: { sex: 'REQUIRED' }, disallowUnknownGender: true });
    expect(ok(signupFormSchema(allow, { now }), { sex: 0 })).toEqual({ sex: 0, nickname: null });
    expect(keys(signupFormSchema(deny, { now }), { sex: 0 })).toEqual({ sex: ['sex.required'] });
  });

  it('the password follows the store strength and must be confirmed', () => {
    const s = publicWith({ passwordStrength: 'UPPER_CASE_SYMBOL', signupFields: { nickname: 'NOT_USE' } });
    expect(keys(signupFormSchema(s, { now }), { password: 'abcdefg1', passwordConfirm: 'abcdefg2' })).toEqual({
      password: ['password.uppercaseRequired', 'password.symbolRequired'],
      passwordConfirm: ['password.mismatch'],
    });
    expect(ok(signupFormSchema(s, { now }), { password: 'Abcdef1!', passwordConfirm: 'Abcdef1!' })).toEqual({
      password: 'Abcdef1!',
      passwordConfirm: 'Abcdef1!',
    });
  });

  it('no password without features.password, or when the caller says so (external-ID sign-up)', () => {
    const off = publicWith({ features: { password: false }, signupFields: { nickname: 'NOT_USE' } });
    expect(ok(signupFormSchema(off, { now }), { password: 'x' })).toEqual({});
    const on = publicWith({ signupFields: { nickname: 'NOT_USE' } });
    expect(ok(signupFormSchema(on, { now, password: false }), { password: 'x' })).toEqual({});
  });

  it('the birthday is checked against the clock it is given', () => {
    const s = publicWith({ features: { password: false }, signupFields: { birthday: 'REQUIRED', nickname: 'NOT_USE' } });
    expect(keys(signupFormSchema(s, { now }), { birthday: '20260416' })).toEqual({ birthday: ['birthday.future'] });
    expect(ok(signupFormSchema(s, { now: new Date('2026-04-16T00:00:00+09:00') }), { birthday: '20260416' })).toEqual({
      birthday: '20260416',
    });
  });

  it('custom questions are only in the form when one is in use', () => {
    const none = publicWith({ features: { password: false }, signupFields: { nickname: 'NOT_USE' } });
    expect(ok(signupFormSchema(none, { now }), { customAssociatedInfo: [{ id: 'x', value: 'y' }] })).toEqual({});
    const one = publicWith({
      features: { password: false },
      signupFields: { nickname: 'NOT_USE', customAssociatedInfo: [{ id: 'q', title: { ja: 'Q' }, type: 'TEXT', rule: 'REQUIRED' }] },
    });
    expect(keys(signupFormSchema(one, { now }), {})).toEqual({ customAssociatedInfo: ['common.required'] });
    expect(keys(signupFormSchema(one, { now }), { customAssociatedInfo: [{ id: 'q', value: '' }] })).toEqual({
      'customAssociatedInfo.0.value': ['common.required'],
    });
  });

  it('accepts the full settings as well as the public part', () => {
    const full = storeWith({ features: { userId: true }, signupFields: { userId: 'REQUIRED' } });
    expect(keys(signupFormSchema(full, { now }), { userId: 'abc', password: 'abcdefg1', passwordConfirm: 'abcdefg1' })).toEqual({
      userId: ['userId.tooShort'],
    });
  });

  it('refuses a body that is not an object', () => {
    expect(keys(signupFormSchema(publicWith(), { now }), [])).toEqual({ '': ['common.invalid'] });
  });
});

describe('signupFormDefaults', () => {
  it('an empty value for every field in use', () => {
    const s = publicWith({
      signupFields: {
        name: 'REQUIRED',
        sex: 'OPTIONAL',
        customAssociatedInfo: [
          { id: 'q', title: { ja: 'Q' }, type: 'CHECKBOX', rule: 'OPTIONAL', selectOptions: [{ id: 'a', label: { ja: 'A' } }] },
        ],
      },
    });
    expect(signupFormDefaults(s)).toEqual({
      name: '',
      nickname: '',
      sex: '',
      customAssociatedInfo: [{ id: 'q', value: [] }],
      password: '',
      passwordConfirm: '',
    });
    expect(signupFormDefaults(s, { password: false })).not.toHaveProperty('password');
  });
});
