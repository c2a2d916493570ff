import { describe, expect, expectTypeOf, it } from 'vitest';
import { isPrefectureCode, type PrefectureCode, prefectureByCode, prefectures } from './prefectures.ts';

describe('prefectures', () => {
  it('has 47 entries', () => {
    expect(prefectures).toHaveLength(47);
  });

  it('runs from code 1 to 47 in order', () => {
    expect(prefectures.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  });

  it('starts with Hokkaido and ends with Okinawa', () => {
    expect(prefectures[0]).toEqual({ code: 1, ja: '北海道', en: 'Hokkaido' });
    expect(prefectures[46]).toEqual({ code: 47, ja: '沖縄県', en: 'Okinawa' });
  });

  it('has unique codes and names', () => {
    expect(new Set(prefectures.map((p) => p.code)).size).toBe(47);
    expect(new Set(prefectures.map((p) => p.ja)).size).toBe(47);
    expect(new Set(prefectures.map((p) => p.en)).size).toBe(47);
  });

  it('has one 都, one 道, two 府 and 43 県', () => {
    const suffixes = prefectures.map((p) => p.ja.slice(-1));
    expect(suffixes.filter((s) => s === '都')).toHaveLength(1);
    expect(suffixes.filter((s) => s === '道')).toHaveLength(1);
    expect(suffixes.filter((s) => s === '府')).toHaveLength(2);
    expect(suffixes.filter((s) => s === '県')).toHaveLength(43);
  });

  it('has plain ASCII English names', () => {
    for (const p of prefectures) expect(p.en).toMatch(/^[A-Z][a-z]+$/);
  });

  it.each([
    [13, '東京都', 'Tokyo'],
    [14, '神奈川県', 'Kanagawa'],
    [23, '愛知県', 'Aichi'],
    [26, '京都府', 'Kyoto'],
    [27, '大阪府', 'Osaka'],
    [40, '福岡県', 'Fukuoka'],
  ] as const)('code %i is %s (%s)', (code, ja, en) => {
    expect(prefectureByCode(code)).toEqual({ code, ja, en });
  });
});

describe('isPrefectureCode', () => {
  it('accepts 1 to 47', () => {
    for (let code = 1; code <= 47; code++) expect(isPrefectureCode(code)).toBe(true);
  });

  it.each([0, 48, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '13', null, undefined, {}])('rejects %j', (value) => {
    expect(isPrefectureCode(value)).toBe(false);
  });

  it('narrows to the code union', () => {
    const value: unknown = 13;
    if (isPrefectureCode(value)) expectTypeOf(value).toEqualTypeOf<PrefectureCode>();
    expectTypeOf<PrefectureCode>().toEqualTypeOf<
      | 1
      | 2
      | 3
      | 4
      | 5
      | 6
      | 7
      | 8
      | 9
      | 10
      | 11
      | 12
      | 13
      | 14
      | 15
      | 16
      | 17
      | 18
      | 19
      | 20
      | 21
      | 22
      | 23
      | 24
      | 25
      | 26
      | 27
      | 28
      | 29
      | 30
      | 31
      | 32
      | 33
      | 34
      | 35
      | 36
      | 37
      | 38
      | 39
      | 40
      | 41
      | 42
      | 43
      | 44
      | 45
      | 46
      | 47
    >();
  });
});

describe('prefectureByCode', () => {
  it('finds every prefecture by its code', () => {
    for (const p of prefectures) expect(prefectureByCode(p.code)).toBe(p);
  });
});
