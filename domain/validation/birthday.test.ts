import { describe, expect, it } from 'vitest';
import { jstDate, parseBirthday } from './birthday.ts';

describe('parseBirthday', () => {
  it('accepts YYYYMMDD, YYYY/MM/DD and YYYY-MM-DD, normalised to YYYYMMDD', () => {
    expect(parseBirthday('19900105')).toBe('19900105');
    expect(parseBirthday('1990/01/05')).toBe('19900105');
    expect(parseBirthday('1990/1/5')).toBe('19900105');
    expect(parseBirthday('1990-01-05')).toBe('19900105');
    expect(parseBirthday('１９９０／０１／０５'.replaceAll('／', '/'))).toBe('19900105');
    expect(parseBirthday('１９９００１０５')).toBe('19900105');
  });

  it('years 1900 to 2099 only', () => {
    expect(parseBirthday('19000101')).toBe('19000101');
    expect(parseBirthday('18991231')).toBeNull();
    expect(parseBirthday('20991231')).toBe('20991231');
    expect(parseBirthday('21000101')).toBeNull();
  });

  it('real dates only', () => {
    expect(parseBirthday('20240229')).toBe('20240229');
    expect(parseBirthday('20230229')).toBeNull();
    expect(parseBirthday('19000229')).toBeNull();
    expect(parseBirthday('19901301')).toBeNull();
    expect(parseBirthday('19900001')).toBeNull();
    expect(parseBirthday('19900431')).toBeNull();
    expect(parseBirthday('19900100')).toBeNull();
  });

  it('refuses other shapes', () => {
    for (const bad of ['1990105', '199001055', '1990/01-05', '90/01/05', 'abcdefgh', '1990年1月5日'])
      expect(parseBirthday(bad), bad).toBeNull();
  });
});

describe('jstDate', () => {
  it('is the calendar date in Japan', () => {
    expect(jstDate(new Date('2026-03-31T14:59:59Z'))).toBe('20260331');
    expect(jstDate(new Date('2026-03-31T15:00:00Z'))).toBe('20260401');
  });

  it('refuses an invalid clock', () => {
    expect(() => jstDate(new Date('nope'))).toThrow(RangeError);
  });
});
