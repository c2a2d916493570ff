import { describe, expect, it } from 'vitest';
import { charLength, HYPHENS, hasControlChars, toFullWidthKatakana, toHalfWidthDigits } from './normalize.ts';

describe('normalize', () => {
  it('toHalfWidthDigits turns only full-width digits', () => {
    expect(toHalfWidthDigits('０１２３４５６７８９ａ１')).toBe('0123456789ａ1');
  });

  it('HYPHENS covers what people type between digit groups', () => {
    expect('0-1‐2‑3‒4–5—6―7−8－9ー0ｰ1﹣2'.replace(HYPHENS, '')).toBe('0123456789012');
  });

  it('toFullWidthKatakana combines voiced marks and leaves other text alone', () => {
    expect(toFullWidthKatakana('ﾔﾏﾀﾞ ﾀﾛｳ')).toBe('ヤマダ タロウ');
    expect(toFullWidthKatakana('ﾊﾟｰﾃｨｰ')).toBe('パーティー');
    expect(toFullWidthKatakana('山田ABC')).toBe('山田ABC');
  });

  it('charLength counts code points', () => {
    expect(charLength('𠮷野家')).toBe(3);
    expect('𠮷野家'.length).toBe(4);
  });

  it('hasControlChars allows line breaks only when multiline', () => {
    expect(hasControlChars('a\nb')).toBe(true);
    expect(hasControlChars('a\nb\r\tc', true)).toBe(false);
    expect(hasControlChars('a\u0000b', true)).toBe(true);
    expect(hasControlChars('a\u007Fb')).toBe(true);
    expect(hasControlChars('山田 太郎')).toBe(false);
  });
});
