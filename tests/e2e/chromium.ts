import type { LaunchOptions } from '@playwright/test';
import { CHROMIUM_FLAGS, locateChromium } from '../../scripts/find-chromium.ts';

/**
 * The Chromium every project launches: CHROMIUM_PATH, else the usual names on PATH, else one
 * Playwright installed (scripts/find-chromium.ts); never a download. Without one, loading the
 * configuration stops with the line that says how to get a browser.
 */
const found = locateChromium();
if (found.path === null) throw new Error(found.hint);

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: found.path,
  args: CHROMIUM_FLAGS,
};
