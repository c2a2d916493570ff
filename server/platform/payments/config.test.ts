import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/base/config.ts';

// The payment provider's configuration (README, decision 0015).
describe('payment provider configuration', () => {
  it('defaults to the in-process sandbox on port 3001, reached and seen on 127.0.0.1, with a random secret', () => {
    const a = loadConfig({});
    expect(a.PAYMENT_SANDBOX).toBe(true);
    expect(a.paymentProviderUrl).toBe('http://127.0.0.1:3001');
    expect(a.paymentProviderPublicUrl).toBe('http://127.0.0.1:3001');
    expect(a.paymentSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).paymentSecret).not.toBe(a.paymentSecret);
  });

  it('follows the port and the URLs given', () => {
    const c = loadConfig({
      PAYMENT_SANDBOX_PORT: '4100',
      PAYMENT_PROVIDER_PUBLIC_URL: 'https://pay.example.jp/',
      PAYMENT_SANDBOX_SECRET: 'x'.repeat(32),
    });
    expect(c.paymentProviderUrl).toBe('http://127.0.0.1:4100');
    expect(c.paymentProviderPublicUrl).toBe('https://pay.example.jp');
    expect(c.paymentSecret).toBe('x'.repeat(32));
  });

  it('refuses a short secret, a URL that is not http(s), and a remote provider without its URLs and secret', () => {
    expect(() => loadConfig({ PAYMENT_SANDBOX_SECRET: 'short' })).toThrow(/PAYMENT_SANDBOX_SECRET/);
    expect(() => loadConfig({ PAYMENT_PROVIDER_URL: 'ftp://pay.example.jp' })).toThrow(/PAYMENT_PROVIDER_URL/);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'false' })).toThrow(ConfigError);
    expect(
      loadConfig({
        PAYMENT_SANDBOX: 'false',
        PAYMENT_PROVIDER_URL: 'http://pay.internal:8080',
        PAYMENT_PROVIDER_PUBLIC_URL: 'https://pay.example.jp',
        PAYMENT_SANDBOX_SECRET: 'y'.repeat(40),
      }).paymentProviderUrl,
    ).toBe('http://pay.internal:8080');
  });
});
