import { describe, expect, it } from 'vitest';
import { deviceText, LOGIN_HISTORY_PER_PAGE, type LoginHistoryEntry, loginHistoryRow, paging, requestedPage } from './login-history.ts';

describe('requestedPage', () => {
  it('a positive whole number, else 1', () => {
    expect(requestedPage('3')).toBe(3);
    expect(requestedPage(' 12 ')).toBe(12);
    expect(requestedPage(2)).toBe(2);
    for (const bad of [undefined, null, '', '0', '-1', '1.5', 'abc', '01', '1e3', 2.5, '9999999', ['2']])
      expect(requestedPage(bad), String(bad)).toBe(1);
  });
});

describe('paging', () => {
  it('20 entries a page by default', () => {
    expect(LOGIN_HISTORY_PER_PAGE).toBe(20);
    expect(paging(1, 45)).toEqual({ currentPage: 1, lastPage: 3, perPage: 20, totalCount: 45, offset: 0 });
    expect(paging(3, 45)).toEqual({ currentPage: 3, lastPage: 3, perPage: 20, totalCount: 45, offset: 40 });
  });

  it('a page past the end shows the last one', () => {
    expect(paging(9, 45)).toMatchObject({ currentPage: 3, offset: 40 });
    expect(paging(2, 40)).toMatchObject({ currentPage: 2, lastPage: 2, offset: 20 });
    expect(paging(3, 40)).toMatchObject({ currentPage: 2, lastPage: 2 });
  });

  it('an empty history has one empty page', () => {
    expect(paging(1, 0)).toEqual({ currentPage: 1, lastPage: 1, perPage: 20, totalCount: 0, offset: 0 });
    expect(paging(5, 0)).toMatchObject({ currentPage: 1, offset: 0 });
  });

  it('another page size', () => {
    expect(paging(2, 11, 5)).toEqual({ currentPage: 2, lastPage: 3, perPage: 5, totalCount: 11, offset: 5 });
    expect(() => paging(1, 1, 0)).toThrow(RangeError);
  });
});

describe('loginHistoryRow', () => {
  const entry: LoginHistoryEntry = {
    createdAt: '2026-04-01T03:04:05Z',
    result: true,
    loginType: 'password',
    deviceName: 'iPhone (iOS 18.1)',
    deviceType: 'mobile',
    browser: 'Mobile Safari',
    country: 'JP',
    ip: '203.0.113.7',
  };

  it('prints the time as YYYY/MM/DD HH:mm:ss in JST', () => {
    expect(loginHistoryRow(entry)).toEqual({
      dateTime: '2026/04/01 12:04:05',
      result: 'success',
      loginType: 'password',
      deviceName: 'iPhone (iOS 18.1)',
      deviceType: 'mobile',
      browser: 'Mobile Safari',
      country: 'JP',
      ip: '203.0.113.7',
    });
    expect(loginHistoryRow({ ...entry, createdAt: new Date('2026-04-01T15:00:00Z') }).dateTime).toBe('2026/04/02 00:00:00');
  });

  it('a failed attempt, and an unknown country', () => {
    expect(loginHistoryRow({ ...entry, result: false, country: null })).toMatchObject({ result: 'failure', country: '-' });
  });
});

describe('deviceText', () => {
  it('device name (device type)', () => {
    expect(deviceText('Windows 11', 'パソコン')).toBe('Windows 11 (パソコン)');
    expect(deviceText('Unknown', '')).toBe('Unknown');
  });
});
