import { describe, expect, it } from 'vitest';
import { isScrolledToEnd, policyParagraphs } from './policy-reading.ts';

describe('policy text', () => {
  it('counts a box as read when its end is in view', () => {
    expect(isScrolledToEnd({ scrollTop: 0, clientHeight: 260, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToEnd({ scrollTop: 738, clientHeight: 260, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToEnd({ scrollTop: 0, clientHeight: 260, scrollHeight: 200 })).toBe(true);
  });

  it('splits paragraphs on blank lines and keeps line breaks inside one', () => {
    expect(policyParagraphs('第1条（適用）\n本規約は…\r\n\r\n第2条\n  \n\n末尾\n')).toEqual(['第1条（適用）\n本規約は…', '第2条', '末尾']);
  });
});
