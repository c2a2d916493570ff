import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_SECRETS, loadConfig } from '#server/base/config.ts';

describe('OpenID client secrets from the environment', () => {
  it('reads the variable a client names, with the demo defaults outside production', () => {
    const dev = loadConfig({ NODE_ENV: 'development', PARTNER_SECRET: 's3cret' });
    expect(dev.oidcClientSecret('PARTNER_SECRET')).toBe('s3cret');
    expect(dev.oidcClientSecret('AOZORA_TV_CLIENT_SECRET')).toBe(DEMO_CLIENT_SECRETS.AOZORA_TV_CLIENT_SECRET);
    expect(dev.oidcClientSecret('MISSING_SECRET')).toBeUndefined();
  });

  it('has no demo default in production, and never hands out a server variable', () => {
    const prod = loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db/x' });
    expect(prod.oidcClientSecret('AOZORA_TV_CLIENT_SECRET')).toBeUndefined();
    expect(prod.oidcClientSecret('DATABASE_URL')).toBeUndefined();
    expect(prod.oidcClientSecret('lower_case')).toBeUndefined();
  });
});
