import { describe, expect, it } from 'vitest';
import { uiLanguage } from './ui-locales.ts';

describe('uiLanguage', () => {
  it('takes the first tag the stores speak', () => {
    expect(uiLanguage('en-US ja')).toBe('en');
    expect(uiLanguage('fr-CA ja-JP en')).toBe('ja');
    expect(uiLanguage('ja')).toBe('ja');
  });
  it('is null without a language the stores speak', () => {
    expect(uiLanguage('fr de')).toBeNull();
    expect(uiLanguage('')).toBeNull();
    expect(uiLanguage(undefined)).toBeNull();
  });
});
