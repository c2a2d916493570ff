import { describe, expect, it } from 'vitest';
import { type FooterLinkSetting, visibleFooterLinks } from './footer-links.ts';
import { languageSwitchHref, otherLanguage } from './language-switch-href.ts';

const link = (over: Partial<FooterLinkSetting>): FooterLinkSetting => ({
  name: { ja: 'リンク', en: 'Link' },
  type: 'default',
  path: '/x',
  enabled: true,
  external: false,
  displayType: 'always',
  ...over,
});

const guest = { signedIn: false, isApp: false, lang: 'ja' } as const;
const member = { signedIn: true, isApp: false, lang: 'ja' } as const;

describe('visibleFooterLinks', () => {
  const links = [
    link({ name: { ja: '常に' }, path: '/always' }),
    link({ name: { ja: 'ログイン中', en: 'Signed in' }, path: '/mypage', displayType: 'login' }),
    link({ name: { ja: 'ゲスト', en: 'Guest' }, path: '/signup', displayType: 'logout' }),
    link({ name: { ja: '無効' }, path: '/off', enabled: false }),
    link({ name: { ja: '外部', en: 'Outside' }, type: 'url', url: 'https://example.jp/', path: undefined, external: true }),
  ];
  it('shows guests the always and logout links', () => {
    expect(visibleFooterLinks(links, guest).map((l) => l.href)).toEqual(['/always', '/signup', 'https://example.jp/']);
  });
  it('shows members the always and login links', () => {
    expect(visibleFooterLinks(links, member).map((l) => l.href)).toEqual(['/always', '/mypage', 'https://example.jp/']);
  });
  it('names links in the viewer language, falling back to Japanese', () => {
    expect(visibleFooterLinks(links, { ...member, lang: 'en' }).map((l) => l.name)).toEqual(['常に', 'Signed in', 'Outside']);
  });
  it('drops links to the plans in the app, which hides plans', () => {
    const withPlans = [link({ path: '/plans' }), link({ path: '/plans/standard' }), link({ path: '/planning' }), ...links];
    expect(visibleFooterLinks(withPlans, { ...guest, isApp: true }).map((l) => l.href)).toEqual([
      '/planning',
      '/always',
      '/signup',
      'https://example.jp/',
    ]);
    expect(visibleFooterLinks(withPlans, guest)).toHaveLength(6);
  });
  it('keeps the external flag', () => {
    expect(visibleFooterLinks(links, guest).map((l) => l.external)).toEqual([false, false, true]);
  });
});

describe('languageSwitchHref', () => {
  it('sets lang and keeps the other parameters', () => {
    expect(languageSwitchHref('/plans', '?a=1&lang=ja&b=2', 'en')).toBe('/plans?a=1&lang=en&b=2');
    expect(languageSwitchHref('/', '', 'ja')).toBe('/?lang=ja');
    expect(languageSwitchHref('/oidc/error', 'status=503', 'en')).toBe('/oidc/error?status=503&lang=en');
  });
  it('names the other language', () => {
    expect(otherLanguage('ja')).toBe('en');
    expect(otherLanguage('en')).toBe('ja');
  });
});
