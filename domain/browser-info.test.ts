import { describe, expect, it } from 'vitest';
import { browserInfo } from './browser-info.ts';

const APP = /StoreApp\/\d+/;

const agents = {
  desktopChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  desktopFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iPadSafari:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  iPodSafari:
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTabletChrome: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  androidApp:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36 StoreApp/3.2.1',
  iosApp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 StoreApp/3.2.1',
} as const;

describe('browserInfo', () => {
  it.each([
    ['desktopChrome', { isApp: false, isAndroid: false, isMobile: false }],
    ['macSafari', { isApp: false, isAndroid: false, isMobile: false }],
    ['desktopFirefox', { isApp: false, isAndroid: false, isMobile: false }],
    ['iPhoneSafari', { isApp: false, isAndroid: false, isMobile: true }],
    ['iPadSafari', { isApp: false, isAndroid: false, isMobile: true }],
    ['iPodSafari', { isApp: false, isAndroid: false, isMobile: true }],
    ['androidChrome', { isApp: false, isAndroid: true, isMobile: true }],
    ['androidTabletChrome', { isApp: false, isAndroid: true, isMobile: false }],
    ['androidFirefox', { isApp: false, isAndroid: true, isMobile: true }],
    ['androidApp', { isApp: true, isAndroid: true, isMobile: true }],
    ['iosApp', { isApp: true, isAndroid: false, isMobile: true }],
  ] as const)('%s', (name, expected) => {
    expect(browserInfo(agents[name], APP)).toEqual(expected);
  });

  it('treats a missing or empty agent as a desktop browser', () => {
    const none = { isApp: false, isAndroid: false, isMobile: false };
    expect(browserInfo(undefined, APP)).toEqual(none);
    expect(browserInfo('', APP)).toEqual(none);
  });

  it('uses the given app pattern', () => {
    expect(browserInfo(agents.desktopChrome, /Chrome\/131/).isApp).toBe(true);
    expect(browserInfo(agents.androidApp, /OtherApp/).isApp).toBe(false);
  });

  it('gives the same answer every call with a global pattern', () => {
    for (const pattern of [/StoreApp/g, /StoreApp/gi]) {
      for (let i = 0; i < 3; i++) expect(browserInfo(agents.androidApp, pattern).isApp).toBe(true);
    }
    expect(browserInfo(agents.desktopChrome, /StoreApp/g).isApp).toBe(false);
  });
});
