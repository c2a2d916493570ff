/** axe-core on the public pages of every demo store: no serious or critical violation. */
import { expect, test, waitForHydration } from './fixtures.ts';
import { DEMO_STORE_IDS } from './tenants.ts';

const PAGES: Array<{ name: string; path: string; status: number; slow?: boolean }> = [
  { name: 'home', path: '/', status: 200 },
  { name: 'plans', path: '/plans', status: 200 },
  // About 220 packages with their licence texts (a 950 kB page): axe alone takes seconds here.
  { name: 'licences', path: '/app/licenses', status: 200, slow: true },
  { name: '404', path: '/no-such-page', status: 404 },
];

for (const storeId of DEMO_STORE_IDS) {
  for (const { name, path, status, slow } of PAGES) {
    test(`${storeId} ${name} has no serious or critical accessibility violations`, async ({ page, storeUrl, axe, allowConsoleErrors }) => {
      test.slow(slow === true, 'a long page');
      if (status === 404) allowConsoleErrors(/status of 404/);
      const response = await page.goto(storeUrl(storeId, path));
      expect(response?.status()).toBe(status);
      await waitForHydration(page);
      expect(await axe(page)).toEqual([]);
    });
  }
}
