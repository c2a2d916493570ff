import { describe, expect, it } from 'vitest';
import { fieldIssues } from './issues.ts';
import {
  birthdayField,
  kanaField,
  phoneField,
  postalCodeField,
  prefectureField,
  sexCodes,
  sexField,
  textField,
  userIdField,
} from './profile-fields.ts';
import { keys, ok } from './test-support.ts';

const NOW = new Date('2026-04-15T03:00:00Z'); // 2026-04-15 12:00 JST

describe('usage: REQUIRED, OPTIONAL', () => {
  it('REQUIRED needs at least one character after trimming', () => {
    const f = textField('REQUIRED', 10);
    for (const empty of ['', '   ', '\u3000', null, undefined]) expect(keys(f, empty), String(empty)).toEqual({ '': ['common.required'] });
    expect(ok(f, ' 太郎 ')).toBe('太郎');
  });

  it('OPTIONAL turns empty values into null', () => {
    const f = textField('OPTIONAL', 10);
    for (const empty of ['', '  ', null, undefined]) expect(ok(f, empty)).toBeNull();
  });

  it('each kind of field has its own required message', () => {
    expect(keys(userIdField('REQUIRED'), '')).toEqual({ '': ['userId.required'] });
    expect(keys(sexField('REQUIRED', false), '')).toEqual({ '': ['sex.required'] });
    expect(keys(prefectureField('REQUIRED'), '')).toEqual({ '': ['prefecture.required'] });
    for (const f of [kanaField('REQUIRED', 5), birthdayField('REQUIRED', NOW), phoneField('REQUIRED'), postalCodeField('REQUIRED')]) {
      expect(keys(f, '')).toEqual({ '': ['common.required'] });
    }
  });

  it('a value of the wrong JSON type is common.invalid', () => {
    expect(keys(textField('OPTIONAL', 10), 5)).toEqual({ '': ['common.invalid'] });
    expect(keys(sexField('OPTIONAL', false), {})).toEqual({ '': ['common.invalid'] });
  });
});

describe('textField', () => {
  it('at most max characters, counted as people count them', () => {
    const f = textField('REQUIRED', 3);
    expect(ok(f, '𠮷野家')).toBe('𠮷野家');
    const r = f.safeParse('山田太郎');
    expect(r.success || fieldIssues(r.error)).toEqual({ '': [{ key: 'common.tooLong', params: { max: 3 } }] });
  });

  it('single-line fields refuse control characters; multiline keeps line breaks as LF', () => {
    expect(keys(textField('REQUIRED', 10), '山田\n太郎')).toEqual({ '': ['common.invalidChars'] });
    expect(ok(textField('REQUIRED', 20, { multiline: true }), 'よろしく\r\nお願いします')).toBe('よろしく\nお願いします');
    expect(keys(textField('REQUIRED', 10, { multiline: true }), 'a\u0007b')).toEqual({ '': ['common.invalidChars'] });
  });
});

describe('kanaField', () => {
  const f = kanaField('REQUIRED', 10);

  it('full-width katakana and ー', () => {
    expect(ok(f, 'ヤマダ')).toBe('ヤマダ');
    expect(ok(f, 'ヴァーチャル')).toBe('ヴァーチャル');
    expect(ok(f, 'ヶヵ')).toBe('ヶヵ');
  });

  it('converts half-width katakana', () => {
    expect(ok(f, 'ﾀﾞｲｽｹ')).toBe('ダイスケ');
  });

  it('refuses hiragana, kanji, latin, digits, spaces and the middle dot', () => {
    for (const bad of ['やまだ', '山田', 'Yamada', 'ヤマダ1', 'ヤマ ダ', 'ジョン・スミス', 'ヤマダ－'])
      expect(keys(f, bad), bad).toEqual({ '': ['kana.invalid'] });
  });

  it('the full-name field also takes single spaces between words, stored full-width', () => {
    const full = kanaField('REQUIRED', 10, { allowSpace: true });
    expect(ok(full, 'ヤマダ  タロウ')).toBe('ヤマダ\u3000タロウ');
    expect(ok(full, 'ﾔﾏﾀﾞ ﾀﾛｳ')).toBe('ヤマダ\u3000タロウ');
    expect(keys(full, 'ヤマダ たろう')).toEqual({ '': ['kana.invalid'] });
  });

  it('has a maximum length too', () => {
    expect(keys(kanaField('REQUIRED', 3), 'アイウエ')).toEqual({ '': ['common.tooLong'] });
  });
});

describe('userIdField', () => {
  it('6-15 half-width alphanumerics, all problems listed', () => {
    const f = userIdField('OPTIONAL');
    expect(ok(f, ' taro2026 ')).toBe('taro2026');
    expect(keys(f, 'taro')).toEqual({ '': ['userId.tooShort'] });
    expect(keys(f, 'taro20262026abcd')).toEqual({ '': ['userId.tooLong'] });
    expect(keys(f, 'たろう')).toEqual({ '': ['userId.tooShort', 'userId.invalidChars'] });
    expect(keys(f, 'taro_2026')).toEqual({ '': ['userId.invalidChars'] });
  });
});

describe('sexField', () => {
  it('offers 1, 2, 9 and 0 unless unknown gender is disallowed', () => {
    expect(sexCodes(false)).toEqual([1, 2, 9, 0]);
    expect(sexCodes(true)).toEqual([1, 2, 9]);
  });

  it('accepts numbers or strings and outputs a number', () => {
    const f = sexField('REQUIRED', false);
    expect(ok(f, '1')).toBe(1);
    expect(ok(f, 2)).toBe(2);
    expect(ok(f, '9')).toBe(9);
    expect(ok(f, 0)).toBe(0);
  });

  it('refuses 0 when disallowed, and any other value', () => {
    expect(keys(sexField('REQUIRED', true), '0')).toEqual({ '': ['sex.required'] });
    expect(keys(sexField('OPTIONAL', true), 0)).toEqual({ '': ['sex.required'] });
    for (const bad of ['3', 'male', 1.5, '01'])
      expect(keys(sexField('OPTIONAL', false), bad), String(bad)).toEqual({ '': ['sex.required'] });
  });
});

describe('prefectureField', () => {
  it('codes 1 to 47 from numbers or strings', () => {
    const f = prefectureField('REQUIRED');
    expect(ok(f, '1')).toBe(1);
    expect(ok(f, 13)).toBe(13);
    expect(ok(f, '47')).toBe(47);
    for (const bad of ['0', 48, '東京都', 13.5, '1e1']) expect(keys(f, bad), String(bad)).toEqual({ '': ['prefecture.required'] });
  });
});

describe('birthdayField', () => {
  const f = birthdayField('OPTIONAL', NOW);

  it('normalises to YYYYMMDD', () => {
    expect(ok(f, '1990/01/05')).toBe('19900105');
    expect(ok(f, '1990-01-05')).toBe('19900105');
    expect(ok(f, '19900105')).toBe('19900105');
  });

  it('empty is allowed when optional', () => {
    expect(ok(f, '')).toBeNull();
  });

  it('refuses impossible dates and years outside 1900-2099', () => {
    for (const bad of ['19900230', '18991231', '2100/01/01', 'abc', '1990015'])
      expect(keys(f, bad), bad).toEqual({ '': ['birthday.invalid'] });
  });

  it('today in Japan is fine, tomorrow is in the future', () => {
    expect(ok(f, '20260415')).toBe('20260415');
    expect(keys(f, '20260416')).toEqual({ '': ['birthday.future'] });
    // 2026-04-15 23:30 UTC is already the 16th in Japan.
    expect(ok(birthdayField('REQUIRED', new Date('2026-04-15T15:30:00Z')), '20260416')).toBe('20260416');
  });
});

describe('phoneField', () => {
  const f = phoneField('OPTIONAL');

  it('10 or 11 digits; hyphens, spaces and full-width digits are normalised away', () => {
    expect(ok(f, '03-1234-5678')).toBe('0312345678');
    expect(ok(f, '090 1234 5678')).toBe('09012345678');
    expect(ok(f, '０９０ー１２３４ー５６７８')).toBe('09012345678');
    expect(ok(f, '０３－１２３４－５６７８')).toBe('0312345678');
  });

  it('refuses other lengths and characters', () => {
    for (const bad of ['031234567', '090123456789', '03(1234)5678', '+81312345678', 'abcdefghij']) {
      expect(keys(f, bad), bad).toEqual({ '': ['phone.invalid'] });
    }
  });
});

describe('postalCodeField', () => {
  const f = postalCodeField('OPTIONAL');

  it('7 digits, with or without the hyphen, full-width and 〒 accepted', () => {
    expect(ok(f, '1000001')).toBe('1000001');
    expect(ok(f, '100-0001')).toBe('1000001');
    expect(ok(f, '〒１００－０００１')).toBe('1000001');
    expect(ok(f, '100ー0001')).toBe('1000001');
  });

  it('refuses other shapes', () => {
    for (const bad of ['100001', '10000011', '1000-001', '100--0001', 'abc-defg'])
      expect(keys(f, bad), bad).toEqual({ '': ['postalCode.invalid'] });
  });
});
