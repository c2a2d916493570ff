import { describe, expect, it } from 'vitest';
import { addresseeLine, invoiceAddresseeSchema, REGISTRATION_NUMBER } from './invoice.ts';
import { historyPage, historyStart } from './payment-history.ts';

const issues = (value: unknown) => {
  const r = invoiceAddresseeSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('invoiceAddresseeSchema', () => {
  it('requires an addressee (blank after trimming is empty)', () => {
    expect(issues({ addressee: '', honorific: 'none' })).toEqual(['addressee:invoice.addresseeRequired']);
    expect(issues({ addressee: '   ', honorific: 'sama' })).toEqual(['addressee:invoice.addresseeRequired']);
  });
  it('takes 100 characters, refuses 101 (counted as characters, not UTF-16 units)', () => {
    expect(issues({ addressee: 'あ'.repeat(100), honorific: 'onchu' })).toEqual([]);
    expect(issues({ addressee: '𠮷'.repeat(100), honorific: 'onchu' })).toEqual([]);
    expect(issues({ addressee: 'a'.repeat(101), honorific: 'onchu' })).toEqual(['addressee:invoice.addresseeTooLong']);
  });
  it('accepts only none, 様 and 御中', () => {
    expect(issues({ addressee: 'x', honorific: 'dono' })).toHaveLength(1);
  });
});

describe('addresseeLine', () => {
  it.each([
    ['none', '山田太郎'],
    ['sama', '山田太郎 様'],
    ['onchu', '山田太郎 御中'],
  ] as const)('%s', (honorific, line) => expect(addresseeLine({ addressee: '山田太郎', honorific })).toBe(line));
});

describe('REGISTRATION_NUMBER', () => {
  it('is T and 13 digits', () => {
    expect(REGISTRATION_NUMBER.test('T1234567890123')).toBe(true);
    expect(REGISTRATION_NUMBER.test('T123456789012')).toBe(false);
    expect(REGISTRATION_NUMBER.test('1234567890123')).toBe(false);
  });
});

describe('historyStart', () => {
  it('is 00:00 JST one year before, by JST day', () => {
    // 2026-11-25 08:00 JST
    expect(historyStart(new Date('2026-11-24T23:00:00Z')).toISOString()).toBe('2025-11-24T15:00:00.000Z');
    // 2026-11-25 00:30 JST is already the 25th in Japan
    expect(historyStart(new Date('2026-11-24T15:30:00Z')).toISOString()).toBe('2025-11-24T15:00:00.000Z');
  });
  it('29 February looks back to 28 February', () => {
    expect(historyStart(new Date('2028-02-29T03:00:00Z')).toISOString()).toBe('2027-02-27T15:00:00.000Z');
  });
});

describe('historyPage', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    ['0', null],
    ['-1', null],
    ['abc', null],
    ['1.5', null],
    [undefined, null],
  ])('%s -> %s', (raw, page) => expect(historyPage(raw)).toBe(page));
});
