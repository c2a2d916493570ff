/**
 * The `test` every end-to-end spec uses: store URLs on the run's server, a guard that fails a
 * test on any browser console error or uncaught page error, and an accessibility check.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { isProcessAlive } from '#server/db/admin-file.ts';
import { serverState } from './server-state.ts';

export type { Locator, Page } from '@playwright/test';
export { expect };

/** One axe-core rule that failed, with the elements it failed on. */
export type AxeViolation = { rule: string; impact: string; help: string; targets: string[] };

type Fixtures = {
  /** The server of this run: its port, PGlite DATA_DIR and the sandbox payment provider's origin. */
  server: { port: number; dataDir: string; paymentOrigin: string };
  /** http://<storeId>.localhost:<port><path> (Chromium resolves *.localhost to loopback). */
  storeUrl: (storeId: string, path?: string) => string;
  /** Serious and critical axe-core violations on the page as it is now. */
  axe: (page: Page) => Promise<AxeViolation[]>;
  /** Console errors matching these patterns are expected by the test (e.g. an error page's own status). */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  consoleGuard: { errors: string[]; allowed: RegExp[] };
};

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured first argument.
  server: async ({}, use) => {
    const state = serverState();
    if (!isProcessAlive(state.pid)) throw new Error(`the e2e server (pid ${state.pid}) is not running any more: see tmp/e2e-server.log`);
    await use({ port: state.port, dataDir: state.dataDir, paymentOrigin: `http://127.0.0.1:${state.paymentPort}` });
  },

  storeUrl: async ({ server }, use) => {
    await use((storeId, path = '/') => `http://${storeId}.localhost:${server.port}${path}`);
  },

  // biome-ignore lint/correctness/noEmptyPattern: see above.
  axe: async ({}, use) => {
    await use(async (page) => {
      // Legacy mode runs axe in the page itself instead of finishing in a second, blank page, and
      // only violations carry their nodes: 4-5x faster on the long licence page. Our pages have no
      // iframes (CSP frame-src 'none'), the one thing the legacy mode checks less well.
      const result = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] })
        .analyze();
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
    });
  },

  consoleGuard: [
    async ({ context }, use) => {
      const guard = { errors: [] as string[], allowed: [] as RegExp[] };
      context.on('console', (msg) => {
        if (msg.type() === 'error') guard.errors.push(`console.error: ${msg.text()} (${msg.location().url || msg.page()?.url()})`);
      });
      context.on('weberror', (err) => guard.errors.push(`page error: ${err.error().message} (${err.page()?.url()})`));
      await use(guard);
      const unexpected = guard.errors.filter((e) => !guard.allowed.some((re) => re.test(e)));
      // Assets missing under a running server mean dist/ was rebuilt during the run (another build).
      const rebuilt = unexpected.some((e) => e.includes('status of 404') && e.includes('/assets/'));
      const hint = rebuilt ? ' (assets are missing: was dist/ rebuilt while the tests ran?)' : '';
      expect(unexpected, `browser console errors or uncaught page errors${hint}`).toEqual([]);
    },
    { auto: true },
  ],

  allowConsoleErrors: async ({ consoleGuard }, use) => {
    await use((...patterns) => consoleGuard.allowed.push(...patterns));
  },
});

/**
 * Waits until React has hydrated the server-rendered page, so clicks go through the client
 * router and effects (scroll listeners, the session check) are attached. React marks the
 * elements it has claimed with a `__reactFiber$…` property; no markup detail is assumed.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('main') ?? document.body.firstElementChild;
    return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
  });
}

/** Leaves a mark on the current document; it survives client-side navigation, not a page load. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { e2eMark?: boolean }).e2eMark = true;
  });
}

export async function documentIsMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);
}

/**
 * How the current document was reached: 'navigate', 'reload' or 'back_forward'; undefined while a
 * navigation replaces the document (poll it).
 */
export async function navigationType(page: Page): Promise<string | undefined> {
  return page
    .evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type)
    .catch(() => undefined);
}
