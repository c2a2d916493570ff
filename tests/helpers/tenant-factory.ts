import type { StoreSettingsInput } from '#config-schema/store-settings.ts';

/** A minimal valid store document; override what a test cares about. */
export function tenantDoc(storeId: string, overrides: Partial<StoreSettingsInput> = {}): StoreSettingsInput {
  return {
    storeId,
    hosts: [`${storeId}.test.localhost`],
    serviceName: `Store ${storeId}`,
    businessName: `${storeId} Inc.`,
    images: {
      logoPc: '/brand/x/logo-pc.svg',
      logoSp: '/brand/x/logo-sp.svg',
      favicon: '/brand/x/favicon.svg',
      appleTouchIcon: '/brand/x/apple-touch-icon.png',
    },
    colors: { accentColor: '#0b5cad', secondaryAccentColor: '#f2b705', playerColor: '#e50914' },
    footers: { copyright: `© 2026 ${storeId}` },
    mail: { smtpDomain: `${storeId}.example.jp` },
    ...overrides,
  };
}
