import { describe, expect, it } from 'vitest';
import {
  accountEditBody,
  accountEditBodySchema,
  accountEditDefaults,
  accountEditFormField,
  accountEditFormSchema,
  checkboxEntryId,
} from './account-edit.ts';
import { editedFields } from './profile-field-list.ts';
import { keys, ok, publicWith } from './test-support.ts';

const now = new Date('2026-04-15T03:00:00Z');
const title = { ja: '質問' };
const settings = publicWith({
  features: { userId: true },
  signupFields: {
    userId: 'REQUIRED',
    name: 'REQUIRED',
    nickname: 'OPTIONAL',
    birthday: 'OPTIONAL',
    sex: 'OPTIONAL',
    prefecture: 'OPTIONAL',
    message: 'OPTIONAL',
    customAssociatedInfo: [
      { id: 'job', title, type: 'TEXT', rule: 'OPTIONAL' },
      { id: 'genre', title, type: 'SELECT', rule: 'OPTIONAL', selectOptions: [{ id: 'drama', label: title }] },
      {
        id: 'topics',
        title,
        type: 'CHECKBOX',
        rule: 'REQUIRED',
        selectOptions: [
          { id: 'forest', label: title },
          { id: 'sea', label: title },
        ],
      },
      { id: 'gone', title, type: 'TEXT', rule: 'NOT_USE' },
    ],
  },
});

const form = {
  name: ' 青空 花子 ',
  nickname: '',
  birthday: '1988/07/07',
  sex: '2',
  prefecture: '13',
  customAssociatedInfo: [
    { id: 'job', value: '  ' },
    { id: 'genre', value: 'drama' },
    { id: 'topics', value: ['sea'] },
  ],
};

describe('editedFields', () => {
  it('the fields in use, in form order, without the user ID and the sign-up message', () => {
    expect(editedFields(settings)).toEqual(['name', 'nickname', 'sex', 'birthday', 'prefecture']);
  });
});

describe('accountEditFormSchema', () => {
  const schema = accountEditFormSchema(settings, { now });

  it('holds the registration fields but not the user ID nor the sign-up message', () => {
    const values = ok(schema, { ...form, userId: 'taro2026', message: 'hi' });
    expect(values).toEqual({
      name: '青空 花子',
      nickname: null,
      birthday: '19880707',
      sex: 2,
      prefecture: 13,
      customAssociatedInfo: [
        { id: 'job', value: null },
        { id: 'genre', value: 'drama' },
        { id: 'topics', value: ['sea'] },
      ],
    });
  });

  it('applies the usage rules and the field checks of sign-up', () => {
    expect(keys(schema, { ...form, name: ' ', birthday: '1988/13/01', customAssociatedInfo: [{ id: 'topics', value: [] }] })).toEqual({
      name: ['common.required'],
      birthday: ['birthday.invalid'],
      'customAssociatedInfo.0.value': ['common.selectRequired'],
    });
  });
});

describe('accountEditBody (the normalised body of POST /zapi/account/edit)', () => {
  it('sends every field, empty as null, and checkbox options as true/false', () => {
    const values = ok(accountEditFormSchema(settings, { now }), form);
    expect(accountEditBody(values, settings)).toEqual({
      optionalInfo: { name: '青空 花子', nickname: null, sex: 2, birthday: '19880707', prefecture: 13 },
      customAssociatedInfo: [
        { id: 'job', value: null },
        { id: 'genre', value: 'drama' },
        { id: 'topics.forest', value: 'false' },
        { id: 'topics.sea', value: 'true' },
      ],
    });
    expect(checkboxEntryId('topics', 'sea')).toBe('topics.sea');
  });

  it('round-trips through the body schema to the stored shape', () => {
    const values = ok(accountEditFormSchema(settings, { now }), form);
    const parsed = ok(accountEditBodySchema(settings, { now }), accountEditBody(values, settings));
    expect(parsed.optionalInfo).toEqual({ name: '青空 花子', nickname: null, sex: 2, birthday: '19880707', prefecture: 13 });
    expect(parsed.customAssociatedInfo).toEqual(values.customAssociatedInfo);
  });
});

describe('accountEditBodySchema', () => {
  const schema = accountEditBodySchema(settings, { now });
  const body = {
    optionalInfo: { name: '花子', nickname: null, birthday: null, sex: null, prefecture: null },
    customAssociatedInfo: [{ id: 'topics.forest', value: 'true' }],
  };

  it('trims, turns empty into null and drops what the form does not hold', () => {
    const parsed = ok(schema, { ...body, optionalInfo: { ...body.optionalInfo, nickname: '  ', userId: 'x', message: 'y' } });
    expect(parsed.optionalInfo).toEqual({ name: '花子', nickname: null, birthday: null, sex: null, prefecture: null });
    expect(parsed.customAssociatedInfo).toEqual([
      { id: 'job', value: null },
      { id: 'genre', value: null },
      { id: 'topics', value: ['forest'] },
    ]);
  });

  it('names each problem by its field', () => {
    expect(
      keys(schema, {
        optionalInfo: { name: '', sex: '5' },
        customAssociatedInfo: [
          { id: 'genre', value: 'comedy' },
          { id: 'topics.forest', value: 'false' },
        ],
      }),
    ).toEqual({
      'optionalInfo.name': ['common.required'],
      'optionalInfo.sex': ['sex.required'],
      'customAssociatedInfo.1.value': ['common.invalidOption'],
      'customAssociatedInfo.2.value': ['common.selectRequired'],
    });
    expect(accountEditFormField('optionalInfo.name')).toBe('name');
    expect(accountEditFormField('customAssociatedInfo.2.value')).toBe('customAssociatedInfo.2.value');
  });

  it('a checkbox value other than true or false is invalid', () => {
    expect(keys(schema, { ...body, customAssociatedInfo: [{ id: 'topics.sea', value: 'yes' }] })).toEqual({
      'customAssociatedInfo.2.value': ['common.invalid'],
    });
  });

  it('answers keys for wrong JSON types', () => {
    expect(keys(schema, null)).toEqual({ '': ['common.invalid'] });
    expect(keys(schema, { optionalInfo: 'x', customAssociatedInfo: 'y' })).toEqual({
      optionalInfo: ['common.invalid'],
      customAssociatedInfo: ['common.invalid'],
    });
  });
});

describe('accountEditDefaults', () => {
  it('starts the form from the stored profile', () => {
    expect(
      accountEditDefaults(settings, {
        name: '青空 花子',
        nickname: null,
        birthday: '19880707',
        sex: 2,
        userId: 'taro2026',
        customAssociatedInfo: [{ id: 'topics', value: ['forest'] }],
      }),
    ).toEqual({
      name: '青空 花子',
      nickname: '',
      birthday: '1988/07/07',
      sex: '2',
      prefecture: '',
      customAssociatedInfo: [
        { id: 'job', value: '' },
        { id: 'genre', value: '' },
        { id: 'topics', value: ['forest'] },
      ],
    });
  });
});
