import { describe, expect, it } from 'vitest';
import { pickText, withoutEnglish } from './localized-text.ts';

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

describe('withoutEnglish', () => {
  it('keeps the Japanese of every store text, at any depth, and everything else as it is', () => {
    const settings = {
      serviceName: 'あおぞらシネマ',
      serviceDescription: { ja: '映画を見放題', en: 'Films, all you can watch' },
      footers: {
        footerLinks: [{ text: { ja: 'よくある質問', en: 'FAQ' }, url: 'https://example.jp/faq', signedIn: true }],
        copyright: '© 2026',
        trademarks: [{ ja: '商標', en: 'Trademark' }, { ja: '日本語のみ' }],
      },
      colors: { accentColor: '#1565c0' },
      features: { newsletter: true },
      authCode: { signUp: { displayName: { ja: '認証コード', en: 'code' } } },
      empty: null,
    };
    expect(withoutEnglish(settings)).toEqual({
      serviceName: 'あおぞらシネマ',
      serviceDescription: { ja: '映画を見放題' },
      footers: {
        footerLinks: [{ text: { ja: 'よくある質問' }, url: 'https://example.jp/faq', signedIn: true }],
        copyright: '© 2026',
        trademarks: [{ ja: '商標' }, { ja: '日本語のみ' }],
      },
      colors: { accentColor: '#1565c0' },
      features: { newsletter: true },
      authCode: { signUp: { displayName: { ja: '認証コード' } } },
      empty: null,
    });
    // The original is untouched.
    expect(settings.serviceDescription.en).toBe('Films, all you can watch');
  });

  it('leaves alone an object that only looks like a text (other keys, or no Japanese string)', () => {
    expect(withoutEnglish({ ja: 'a', en: 'b', url: 'x' })).toEqual({ ja: 'a', en: 'b', url: 'x' });
    expect(withoutEnglish({ en: 'b' })).toEqual({ en: 'b' });
  });
});
