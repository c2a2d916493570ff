import { describe, expect, it } from 'vitest';
import { customInfoDefaults, customInfoSchema } from './custom-info.ts';
import { fieldIssues } from './issues.ts';
import { keys, ok, publicWith } from './test-support.ts';

const title = { ja: '質問' };
const options = [
  { id: 'a', label: { ja: 'A' } },
  { id: 'b', label: { ja: 'B' } },
  { id: 'c', label: { ja: 'C' } },
];

function definitions(rule: 'REQUIRED' | 'OPTIONAL' | 'NOT_USE') {
  return publicWith({
    signupFields: {
      customAssociatedInfo: [
        { id: 'text', title, type: 'TEXT', rule, maxLength: 5 },
        { id: 'select', title, type: 'SELECT', rule, selectOptions: options },
        { id: 'check', title, type: 'CHECKBOX', rule, selectOptions: options },
      ],
    },
  }).signupFields.customAssociatedInfo;
}

const required = customInfoSchema(definitions('REQUIRED'));
const optional = customInfoSchema(definitions('OPTIONAL'));

describe('customInfoSchema', () => {
  it('accepts answers and returns one entry per question in settings order', () => {
    expect(
      ok(required, [
        { id: 'check', value: ['c', 'a'] },
        { id: 'select', value: 'b' },
        { id: 'text', value: ' 山田 ' },
      ]),
    ).toEqual([
      { id: 'text', value: '山田' },
      { id: 'select', value: 'b' },
      { id: 'check', value: ['a', 'c'] },
    ]);
  });

  it('OPTIONAL questions may be left empty: null for TEXT and SELECT, [] for CHECKBOX', () => {
    expect(ok(optional, [])).toEqual([
      { id: 'text', value: null },
      { id: 'select', value: null },
      { id: 'check', value: [] },
    ]);
    expect(ok(optional, undefined)).toHaveLength(3);
    expect(
      ok(optional, [
        { id: 'text', value: '  ' },
        { id: 'select', value: '' },
        { id: 'check', value: null },
      ]),
    ).toEqual([
      { id: 'text', value: null },
      { id: 'select', value: null },
      { id: 'check', value: [] },
    ]);
  });

  it('REQUIRED: text needs a character, select an option, checkbox at least one', () => {
    expect(
      keys(required, [
        { id: 'text', value: '' },
        { id: 'select', value: '' },
        { id: 'check', value: [] },
      ]),
    ).toEqual({
      '0.value': ['common.required'],
      '1.value': ['common.selectRequired'],
      '2.value': ['common.selectRequired'],
    });
  });

  it('a required question missing from the list is reported on the list with its id', () => {
    const r = required.safeParse([
      { id: 'text', value: 'x' },
      { id: 'select', value: 'a' },
    ]);
    expect(r.success || fieldIssues(r.error)).toEqual({ '': [{ key: 'common.selectRequired', params: { id: 'check' } }] });
  });

  it('TEXT follows maxLength with {max}', () => {
    const r = optional.safeParse([{ id: 'text', value: '123456' }]);
    expect(r.success || fieldIssues(r.error)).toEqual({ '0.value': [{ key: 'common.tooLong', params: { max: 5 } }] });
    expect(keys(optional, [{ id: 'text', value: 'a\nb' }])).toEqual({ '0.value': ['common.invalidChars'] });
    expect(keys(optional, [{ id: 'text', value: ['a'] }])).toEqual({ '0.value': ['common.invalid'] });
  });

  it('SELECT and CHECKBOX values must be option ids', () => {
    expect(keys(optional, [{ id: 'select', value: 'z' }])).toEqual({ '0.value': ['common.invalidOption'] });
    expect(keys(optional, [{ id: 'check', value: ['a', 'z'] }])).toEqual({ '0.value': ['common.invalidOption'] });
    expect(keys(optional, [{ id: 'select', value: ['a'] }])).toEqual({ '0.value': ['common.invalid'] });
  });

  it('a single checkbox id is taken as a list of one, duplicates collapse', () => {
    expect(ok(optional, [{ id: 'check', value: 'b' }])[2]).toEqual({ id: 'check', value: ['b'] });
    expect(ok(optional, [{ id: 'check', value: ['b', 'b'] }])[2]).toEqual({ id: 'check', value: ['b'] });
  });

  it('drops unknown ids and keeps the first of repeated ids', () => {
    expect(
      ok(optional, [
        { id: 'nope', value: 'x' },
        { id: 'select', value: 'a' },
        { id: 'select', value: 'zzz' },
      ]),
    ).toEqual([
      { id: 'text', value: null },
      { id: 'select', value: 'a' },
      { id: 'check', value: [] },
    ]);
  });

  it('NOT_USE questions are dropped without checking', () => {
    expect(
      ok(customInfoSchema(definitions('NOT_USE')), [
        { id: 'select', value: 'zzz' },
        { id: 'text', value: 'x'.repeat(50) },
      ]),
    ).toEqual([]);
  });

  it('refuses something that is not a list of { id, value }', () => {
    expect(keys(optional, 'x')).toEqual({ '': ['common.invalid'] });
    expect(keys(optional, [{ value: 'x' }])).toEqual({ '0.id': ['common.invalid'] });
    expect(keys(optional, [{ id: 'text', value: 5 }])).toEqual({ '0.value': ['common.invalid'] });
  });
});

describe('customInfoDefaults', () => {
  it('one empty entry per question in use', () => {
    expect(customInfoDefaults(definitions('OPTIONAL'))).toEqual([
      { id: 'text', value: '' },
      { id: 'select', value: '' },
      { id: 'check', value: [] },
    ]);
    expect(customInfoDefaults(definitions('NOT_USE'))).toEqual([]);
  });

  it('the defaults of a required form fail only on the required questions', () => {
    expect(keys(required, customInfoDefaults(definitions('REQUIRED')))).toEqual({
      '0.value': ['common.required'],
      '1.value': ['common.selectRequired'],
      '2.value': ['common.selectRequired'],
    });
  });
});
