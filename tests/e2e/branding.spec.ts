/**
 * White label: two stores on one server look like two services. Each shows its own name (title,
 * header logo) and paints its call to action in its own accent colour from its tenant file.
 */
import { expect, type Page, test } from './fixtures.ts';
import { escapeRegExp, hexToRgb, loadTenant } from './tenants.ts';

const stores = [loadTenant('aozora'), loadTenant('kurenai')];

/** The page's main call to action: on home the way to the plans, on /plans the first plan's. */
function callToAction(page: Page, path: string) {
  const main = page.getByRole('main');
  return path === '/plans'
    ? main.getByRole('button').or(main.getByRole('link')).filter({ visible: true }).first()
    : main
        .getByRole('link', { name: /プラン/ })
        .filter({ visible: true })
        .first();
}

test('the two stores have different names and accent colours in their tenant files', () => {
  const [a, b] = stores;
  expect(a?.serviceName).not.toBe(b?.serviceName);
  expect(hexToRgb(a?.colors.accentColor ?? '')).not.toBe(hexToRgb(b?.colors.accentColor ?? ''));
});

// One test per store visits both pages in one browser context (their shared scripts load once).
for (const store of stores) {
  test(`${store.storeId} / and /plans show its own service name and accent colour`, async ({ page, storeUrl }) => {
    for (const path of ['/', '/plans']) {
      await page.goto(storeUrl(store.storeId, path));
      await expect(page).toHaveTitle(new RegExp(escapeRegExp(store.serviceName)));
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('img', { name: store.serviceName }).filter({ visible: true })).toHaveCount(1);
      for (const other of stores.filter((s) => s !== store)) {
        await expect(banner).not.toContainText(other.serviceName);
        await expect(page).not.toHaveTitle(new RegExp(escapeRegExp(other.serviceName)));
      }
      const cta = callToAction(page, path);
      await expect(cta).toBeVisible();
      await expect(cta).toHaveCSS('background-color', hexToRgb(store.colors.accentColor));
    }
  });
}

for (const store of stores) {
  test(`${store.storeId} links its own icons, and the iOS home-screen icon is a PNG`, async ({ page, storeUrl }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'the head of the page and a file: the width does not matter');
    await page.goto(storeUrl(store.storeId, '/'));
    const href = async (rel: string) => page.locator(`head link[rel="${rel}"]`).getAttribute('href');
    const touch = await href('apple-touch-icon');
    const icon = await href('icon');
    expect(touch).toContain(`/brand/${store.storeId}/`);
    expect(icon).toContain(`/brand/${store.storeId}/`);
    // Fetched by the page (Chromium resolves *.localhost; Node's resolver does not).
    const got = await page.evaluate(async (url) => {
      const res = await fetch(url);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { status: res.status, type: res.headers.get('content-type'), magic: String.fromCharCode(...bytes.subarray(1, 4)) };
    }, touch ?? '');
    expect(got).toEqual({ status: 200, type: 'image/png', magic: 'PNG' });
  });
}
