// Which Chromium the end-to-end tests drive. Looked up in this order: CHROMIUM_PATH, the usual
// names on PATH, a browser Playwright itself installed (`npx playwright install chromium`); the
// tests never download one.
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** Headless Chromium on these machines: no sandbox as root, no GPU, no calls home (they are refused). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'] as const;

/** The one line shown when no browser is found. */
export const NO_BROWSER_HINT =
  'no Chromium for the end-to-end tests: install one (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable';

export type Found = { path: string; via: string };
export type NotFound = { path: null; hint: string };

export type Lookup = {
  /** CHROMIUM_PATH and PATH. */
  env: { CHROMIUM_PATH?: string; PATH?: string };
  /** Where Playwright keeps its own Chromium (whether or not it is there). */
  playwrightPath?: string | null;
  isExecutable?: (path: string) => boolean;
};

/** A regular file this process may execute. */
export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser to launch, or the line that says how to get one. An explicit CHROMIUM_PATH is never second-guessed. */
export function findChromium({ env, playwrightPath, isExecutable = isExecutableFile }: Lookup): Found | NotFound {
  if (env.CHROMIUM_PATH) {
    if (isExecutable(env.CHROMIUM_PATH)) return { path: env.CHROMIUM_PATH, via: 'CHROMIUM_PATH' };
    return { path: null, hint: `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file; ${NO_BROWSER_HINT}` };
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter((d) => d !== '');
  for (const name of BROWSER_NAMES) {
    for (const dir of dirs) {
      const path = join(dir, name);
      if (isExecutable(path)) return { path, via: `${name} on PATH` };
    }
  }
  if (playwrightPath && isExecutable(playwrightPath)) return { path: playwrightPath, via: "Playwright's installed Chromium" };
  return { path: null, hint: NO_BROWSER_HINT };
}

/** Where Playwright keeps the Chromium `npx playwright install chromium` would put there, or null. */
export function playwrightChromiumPath(): string | null {
  try {
    const { chromium } = createRequire(import.meta.url)('@playwright/test') as typeof import('@playwright/test');
    return chromium.executablePath() || null;
  } catch {
    return null;
  }
}

/** The lookup with this process's environment, for the Playwright configuration and `npm test`. */
export function locateChromium(env: Lookup['env'] = process.env): Found | NotFound {
  return findChromium({ env, playwrightPath: playwrightChromiumPath() });
}
