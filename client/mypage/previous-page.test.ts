import { describe, expect, it } from 'vitest';
import { previousPage, recordPage } from './previous-page.ts';

describe('the stored previous page', () => {
  const empty = { current: null, previous: null };

  it('moves the shown page to "previous" when the tab shows another', () => {
    const first = recordPage(empty, '/plans');
    expect(first).toEqual({ current: '/plans', previous: null });
    expect(recordPage(first, '/mypage/pin-code')).toEqual({ current: '/mypage/pin-code', previous: '/plans' });
  });

  it('keeps the record on a reload of the same page', () => {
    const stored = { current: '/mypage', previous: '/plans' };
    expect(recordPage(stored, '/mypage')).toBe(stored);
  });

  it('answers the page before this one, recorded or not yet', () => {
    expect(previousPage({ current: '/plans', previous: '/' }, '/mypage/edit')).toBe('/plans');
    expect(previousPage({ current: '/mypage/edit', previous: '/plans' }, '/mypage/edit')).toBe('/plans');
    expect(previousPage(empty, '/mypage/edit')).toBeNull();
  });
});
