import { describe, expect, it } from 'vitest';
import { countryOf, describeClient, normalizeIp } from './device.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  galaxyTab: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  androidBuild:
    'Mozilla/5.0 (Linux; Android 9; SO-01L Build/52.0.B.1.129) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  webView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.0.0 Mobile Safari/537.36',
  windows7: 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('describeClient', () => {
  it.each([
    [UA.iphone, 'mobile', 'iPhone (iOS 17.5)', 'Mobile Safari'],
    [UA.ipad, 'tablet', 'iPad (iOS 17.5)', 'Mobile Safari'],
    [UA.windowsChrome, 'desktop', 'Windows 10', 'Chrome'],
    [UA.windowsEdge, 'desktop', 'Windows 10', 'Edge'],
    [UA.macSafari, 'desktop', 'Mac OS', 'Safari'],
    [UA.pixel, 'mobile', 'Pixel 8 (Android 14)', 'Mobile Chrome'],
    [UA.galaxyTab, 'tablet', 'SM-X700 (Android 13)', 'Chrome'],
    [UA.linuxFirefox, 'desktop', 'Linux', 'Firefox'],
    // The labels ua-parser-js 2 gave (decision 0034: the parser changed, the login history did not).
    [UA.androidFirefox, 'mobile', 'Android 14', 'Mobile Firefox'],
    [UA.iphoneChrome, 'mobile', 'iPhone (iOS 17.5)', 'Mobile Chrome'],
    [UA.samsung, 'mobile', 'SM-S918B (Android 14)', 'Samsung Internet'],
    [UA.androidBuild, 'mobile', 'SO-01L (Android 9)', 'Mobile Chrome'],
    [UA.webView, 'mobile', 'Pixel 8 (Android 14)', 'Chrome WebView'],
    [UA.windows7, 'desktop', 'Windows 7', 'Chrome'],
    [UA.headless, 'desktop', 'Linux', 'Chrome Headless'],
  ])('describes %s', (ua, deviceType, deviceName, browser) => {
    expect(describeClient(ua, '203.0.113.1')).toMatchObject({ deviceType, deviceName, browser });
  });

  it('says unknown when the user agent tells nothing', () => {
    for (const ua of ['', null, undefined, 'curl/8.5.0']) {
      expect(describeClient(ua, '127.0.0.1')).toEqual({
        deviceType: 'unknown',
        deviceName: 'Unknown',
        browser: 'Unknown',
        country: null,
        ip: '127.0.0.1',
      });
    }
  });

  it('finds the country of public addresses, IPv4 and IPv6', () => {
    expect(describeClient(UA.iphone, '8.8.8.8').country).toBe('US');
    expect(describeClient(UA.iphone, '2001:4860:4860::8888').country).toBe('US');
    expect(countryOf('133.242.0.1')).toBe('JP');
  });

  it('gives no country for private, loopback, link-local and malformed addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      'garbage',
      '',
    ]) {
      expect(countryOf(ip), ip).toBeNull();
    }
  });

  it('unwraps IPv4-mapped IPv6 addresses', () => {
    expect(normalizeIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(describeClient(UA.macSafari, '::FFFF:8.8.8.8')).toMatchObject({ ip: '8.8.8.8', country: 'US' });
  });
});
