import { describe, expect, it } from 'vitest';
import { pickText } from './localized-text.ts';

describe('pickText', () => {
  it('gives the Japanese text to Japanese viewers', () => {
    expect(pickText({ ja: 'プラン', en: 'Plans' }, 'ja')).toBe('プラン');
  });

  it('gives the English text to English viewers, and the Japanese one when there is none', () => {
    expect(pickText({ ja: 'プラン', en: 'Plans' }, 'en')).toBe('Plans');
    expect(pickText({ ja: 'プラン' }, 'en')).toBe('プラン');
  });

  it('passes a missing text through', () => {
    expect(pickText(undefined, 'en')).toBeUndefined();
  });
});
