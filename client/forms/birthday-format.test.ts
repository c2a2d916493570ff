import { describe, expect, it } from 'vitest';
import { formatBirthdayInput, jstToday } from './birthday-format.ts';

const today = { year: 2026, month: 5, day: 20 };
const f = (raw: string) => formatBirthdayInput(raw, today);

describe('formatBirthdayInput', () => {
  it('adds the slashes as the digits come', () => {
    expect(f('1')).toBe('1');
    expect(f('1990')).toBe('1990');
    expect(f('19900')).toBe('1990/0');
    expect(f('199001')).toBe('1990/01');
    expect(f('1990013')).toBe('1990/01/3');
    expect(f('19900131')).toBe('1990/01/31');
    expect(f('1990/01/31')).toBe('1990/01/31');
    expect(f('１９９０ー０１ー３１')).toBe('1990/01/31');
    expect(f('199001311')).toBe('1990/01/31');
  });

  it('lets a slash be deleted with the digit before it', () => {
    expect(f('1990/')).toBe('1990');
    expect(f('1990/01/')).toBe('1990/01');
  });

  it('keeps the year between 1900 and this year', () => {
    expect(f('1850')).toBe('1900');
    expect(f('0000')).toBe('1900');
    expect(f('2100')).toBe('2026');
    expect(f('2026')).toBe('2026');
  });

  it('pads a month that cannot take a second digit, and keeps it between 01 and 12', () => {
    expect(f('19903')).toBe('1990/03');
    expect(f('19901')).toBe('1990/1');
    expect(f('199000')).toBe('1990/01');
    expect(f('199013')).toBe('1990/12');
  });

  it('keeps the day within the month, leap years included', () => {
    expect(f('1990015')).toBe('1990/01/05');
    expect(f('19900100')).toBe('1990/01/01');
    expect(f('19900231')).toBe('1990/02/28');
    expect(f('20000231')).toBe('2000/02/29');
    expect(f('19900431')).toBe('1990/04/30');
  });

  it('never goes past today', () => {
    expect(f('202612')).toBe('2026/05');
    expect(f('20260531')).toBe('2026/05/20');
    expect(f('20260430')).toBe('2026/04/30');
  });
});

describe('jstToday', () => {
  it('is the date in Japan', () => {
    expect(jstToday(new Date('2026-05-19T15:00:00Z'))).toEqual({ year: 2026, month: 5, day: 20 });
    expect(jstToday(new Date('2026-05-19T14:59:59Z'))).toEqual({ year: 2026, month: 5, day: 19 });
  });
});
