import { defineConfig } from '@lingui/conf';

// Japanese is the source language; English must be complete (tests/i18n checks it).
export default defineConfig({
  sourceLocale: 'ja',
  locales: ['ja', 'en'],
  fallbackLocales: { default: 'ja' },
  catalogs: [
    {
      path: process.env.LINGUI_CATALOG_DIR ? `${process.env.LINGUI_CATALOG_DIR}/{locale}` : '<rootDir>/locales/{locale}',
      include: ['<rootDir>/client', '<rootDir>/server', '<rootDir>/domain'],
      exclude: ['**/node_modules/**', '**/*.test.ts'],
    },
  ],
});
