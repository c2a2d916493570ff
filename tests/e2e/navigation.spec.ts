/** Client-side navigation: moving from home to the plans keeps the document and fetches only data. */
import { documentIsMarked, expect, markDocument, type Page, test, waitForHydration } from './fixtures.ts';
import { loadTenant, visiblePlanNames } from './tenants.ts';

const aozora = loadTenant('aozora');

/** From a hydrated home page, follows the link to the plans; returns the paths requested meanwhile. */
async function homeToPlans(page: Page, homeUrl: string, plansUrl: string): Promise<{ documents: string[]; fetches: string[] }> {
  await page.goto(homeUrl);
  await waitForHydration(page);
  await markDocument(page);
  const documents: string[] = [];
  const fetches: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'document') documents.push(new URL(req.url()).pathname);
    if (req.resourceType() === 'fetch') fetches.push(new URL(req.url()).pathname);
  });
  await page
    .getByRole('main')
    .getByRole('link', { name: /プラン/ })
    .first()
    .click();
  await expect(page).toHaveURL(plansUrl);
  for (const name of visiblePlanNames(aozora))
    await expect(page.getByRole('main').getByRole('article', { name, exact: true })).toBeVisible();
  return { documents, fetches };
}

test('the link from home to the plans navigates without a page load', async ({ page, storeUrl }) => {
  const { documents } = await homeToPlans(page, storeUrl('aozora', '/'), storeUrl('aozora', '/plans'));
  expect(await documentIsMarked(page), 'the document survived: no full page load').toBe(true);
  expect(documents, 'no document was requested').toEqual([]);
});

test('client-side navigation loads the plans from /zapi/internal/plans/screen-data', async ({ page, storeUrl }) => {
  const { fetches } = await homeToPlans(page, storeUrl('aozora', '/'), storeUrl('aozora', '/plans'));
  expect(fetches).toContain('/zapi/internal/plans/screen-data');
  expect(fetches.filter((p) => p.endsWith('.pageContext.json'))).toEqual([]);
});

test('a link followed while the page is still hydrating navigates on the client', async ({ page, storeUrl }) => {
  // The home page's own code is held back: the client router is up, hydration has not begun.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entries\/client_pages_index\./, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(storeUrl('aozora', '/'), { waitUntil: 'domcontentloaded' });
  // Vike marks history.state in the same task in which it starts listening for link clicks.
  await page.waitForFunction(() => (history.state as { vike?: unknown } | null)?.vike !== undefined);
  await markDocument(page);
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: 'プラン' }).click();
  release();

  await expect(page).toHaveURL(storeUrl('aozora', '/plans'));
  for (const name of visiblePlanNames(aozora))
    await expect(page.getByRole('main').getByRole('article', { name, exact: true })).toBeVisible();
  expect(await documentIsMarked(page), 'the document survived: no full page load').toBe(true);
});
