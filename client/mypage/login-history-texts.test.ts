import { describe, expect, it } from 'vitest';
import { createI18n, loadCatalog } from '#client/i18n/setup.ts';
import type { LoginHistoryScreenRow } from '#domain/mypage-screens.ts';
import { rowCells } from './login-history-texts.ts';

await Promise.all([loadCatalog('ja'), loadCatalog('en')]);

const row: LoginHistoryScreenRow = {
  dateTime: '2026/11/26 10:00:00',
  result: 'success',
  loginType: 'password',
  deviceName: 'Unknown',
  deviceType: 'unknown',
  browser: 'Unknown',
  country: '-',
  ip: '203.0.113.5',
};

describe('the login history cells (issue 20.7)', () => {
  it('an unknown device and browser read 不明 in Japanese and Unknown in English', () => {
    expect(rowCells(createI18n('ja'), row)).toMatchObject({ device: '不明', browser: '不明' });
    expect(rowCells(createI18n('en'), row)).toMatchObject({ device: 'Unknown', browser: 'Unknown' });
  });

  it('a known device and browser are shown as they are', () => {
    const cells = rowCells(createI18n('ja'), { ...row, deviceName: 'Windows 10', deviceType: 'desktop', browser: 'Chrome' });
    expect(cells).toMatchObject({ device: 'Windows 10 (デスクトップ)', browser: 'Chrome' });
  });
});
