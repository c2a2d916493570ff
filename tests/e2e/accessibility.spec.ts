/**
 * axe-core on the public pages of every demo store: no serious or critical violation. One test per
 * store visits its pages in one browser context, so the scripts every page shares load once (each
 * page is still checked on its own, softly: a failing page does not hide the next).
 */
import { expect, test, waitForHydration } from './fixtures.ts';
import { DEMO_STORE_IDS } from './tenants.ts';

const PAGES: Array<{ name: string; path: string; status: number; slow?: boolean }> = [
  { name: 'home', path: '/', status: 200 },
  { name: 'plans', path: '/plans', status: 200 },
  { name: '404', path: '/no-such-page', status: 404 },
  // About 220 packages with their licence texts (a 950 kB page): axe alone takes seconds here.
  { name: 'licences', path: '/app/licenses', status: 200, slow: true },
];

for (const [index, storeId] of DEMO_STORE_IDS.entries()) {
  test(`${storeId} public pages have no serious or critical accessibility violations`, async ({
    page,
    storeUrl,
    axe,
    allowConsoleErrors,
  }, testInfo) => {
    // The licence page is the same list on every store, in the store's colours: each store's is
    // checked at one width (aozora and midori at 1280 px, kurenai at 390 px), not at both.
    const licencesHere = testInfo.project.name === (index % 2 === 0 ? 'desktop' : 'mobile');
    test.slow(licencesHere, 'the long licence page');
    // Only the 404 page itself may answer 404.
    allowConsoleErrors(/status of 404.*\/no-such-page/);
    for (const { name, path, status, slow } of PAGES) {
      if (slow && !licencesHere) continue;
      const response = await page.goto(storeUrl(storeId, path));
      expect.soft(response?.status(), `${storeId} ${name}: status`).toBe(status);
      await waitForHydration(page);
      expect.soft(await axe(page), `${storeId} ${name}: serious or critical axe violations`).toEqual([]);
    }
  });
}
