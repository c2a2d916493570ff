import type { LaunchOptions } from '@playwright/test';
import { locateChromium } from '../../scripts/find-chromium.ts';

/**
 * The Chromium every project launches: CHROMIUM_PATH, else the usual names on PATH, else one
 * Playwright installed (scripts/find-chromium.ts); never a download. Without one, loading the
 * configuration stops with the line that says how to get a browser.
 */
const found = locateChromium();
if (found.path === null) throw new Error(found.hint);

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: found.path,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
