import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.ts';

/**
 * End-to-end tests: the built server (started once by tests/e2e/global-setup.ts) driven by the
 * system Chromium, never Playwright's download. `npm test` reads `stats` from the JSON report.
 */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tmp/test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: true,
  // A 2-core machine: the server, the runner and two browsers already share it.
  workers: 2,
  // A flaky test is a failing test here: no retries hide it.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous limits: a test that waits is slow, not wrong. On this 2-core machine a cold page costs
  // 0.5-2.5 s in Chromium (about 30 script chunks at low priority), and flows of ten pages took
  // 20-30 s, at the old 30 s limit (docs/benchmarks.md, test time).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'tmp/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 900 } },
    },
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, userAgent: PHONE_UA },
    },
  ],
});
