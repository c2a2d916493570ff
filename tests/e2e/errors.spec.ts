/** Error pages: an unknown host, an unknown path on a store, and a status raised through /oidc/error. */
import { expect, test } from './fixtures.ts';
import { DEMO_STORE_IDS, loadTenant } from './tenants.ts';

const tenants = DEMO_STORE_IDS.map(loadTenant);

test('an unknown host shows a 404 page that names none of the stores', async ({ page, storeUrl, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404/);
  const response = await page.goto(storeUrl('nobody', '/'));
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404').first()).toBeVisible();
  const html = await page.content();
  for (const t of tenants) {
    for (const word of [t.serviceName, t.businessName, t.storeId, ...t.hosts.filter((h) => h !== 'localhost')]) {
      expect(html.toLowerCase(), `the page does not name ${word}`).not.toContain(word.toLowerCase());
    }
  }
});

test("an unknown path shows the store's 404 page with a way back to the top", async ({ page, storeUrl, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404/);
  const kurenai = tenants.find((t) => t.storeId === 'kurenai')!;
  const response = await page.goto(storeUrl('kurenai', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('main').getByText('404').first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: kurenai.serviceName }).filter({ visible: true })).toHaveCount(1);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await expect(page).toHaveURL(storeUrl('kurenai', '/'));
});

test('/oidc/error?status=503 shows the 503 page with HTTP status 503', async ({ page, storeUrl, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 503/);
  const response = await page.goto(storeUrl('aozora', '/oidc/error?status=503'));
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('main').getByText('503').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'トップへ戻る' })).toBeVisible();
});

// Issue 20, point 3: an address a browser navigates to answers a page in the viewer's language,
// never the bare error object.
test('a stale app sign-in address and an external ID the store does not offer show error pages, in English too', async ({
  page,
  storeUrl,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 40\d/);
  for (const path of ['/oidc/loginInteraction?uid=stale-interaction', '/auth/authorize?userIdentifierType=line&socialActionType=login']) {
    // midori offers Yahoo! JAPAN and Facebook only.
    const response = await page.goto(storeUrl('midori', path));
    expect(response?.status(), path).toBeGreaterThanOrEqual(400);
    expect(response?.headers()['content-type'], path).toContain('text/html');
    await expect(page.getByRole('link', { name: 'トップへ戻る' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('"code"');
  }
  await page.goto(storeUrl('midori', '/?lang=en'));
  const response = await page.goto(storeUrl('midori', '/oidc/selectAccountInteraction?uid=stale-interaction'));
  expect(response?.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('link', { name: 'Back to the top page' })).toBeVisible();
});

test('/oidc/error shows its message as the detail', async ({ page, storeUrl, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 400/);
  const response = await page.goto(storeUrl('aozora', '/oidc/error?status=400&message=invalid_redirect_uri'));
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('main')).toContainText('詳細：invalid_redirect_uri');
});
