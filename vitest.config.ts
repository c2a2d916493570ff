import { defineConfig } from 'vitest/config';
import { linguiPlugins } from './build-plugins.ts';

export default defineConfig({
  plugins: linguiPlugins(),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'config-schema/**/*.test.ts',
            'domain/**/*.test.ts',
            'client/**/*.test.ts',
            'themes/**/*.test.ts',
            'styles/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/i18n/**/*.test.ts',
            'tests/structure/**/*.test.ts',
            'payment-sandbox/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          globalSetup: ['tests/helpers/pglite-template.ts'],
          include: ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
