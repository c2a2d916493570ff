/**
 * Cross-tab session check, the back/forward cache path. Playwright launches Chromium with the
 * cache off; this file's browser keeps it on, so going back restores the page itself (pageshow
 * with persisted). With the account cookie unchanged the restored page must stay as it was.
 *
 * The changed-cookie case cannot come back from this cache in Chromium: it never restores a
 * `Cache-Control: no-store` page once cookies changed (CacheControlNoStoreCookieModified), so
 * the page loads again as a back_forward navigation, which session-check.spec.ts covers.
 */
import { chromiumLaunchOptions } from './chromium.ts';
import { documentIsMarked, expect, markDocument, navigationType, test, waitForHydration } from './fixtures.ts';

test.use({ launchOptions: { ...chromiumLaunchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

test('a page restored from the back/forward cache with the same account cookie is kept', async ({ page, context, storeUrl }) => {
  // Remembers that a restored (persisted) page was shown.
  await context.addInitScript(() => {
    addEventListener('pageshow', (e) => {
      if (e.persisted) sessionStorage.setItem('e2e-restored', 'yes');
    });
  });
  await page.goto(storeUrl('aozora', '/'));
  await waitForHydration(page);
  await markDocument(page);
  await page.goto(storeUrl('aozora', '/plans'));
  await waitForHydration(page);

  // A restored page fires no load event: wait for the commit only.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(storeUrl('aozora', '/'));
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('e2e-restored')).catch(() => null)).toBe('yes');
  // Give a reload the time it would take to start, then check the document is the same one.
  await page.waitForTimeout(500);
  expect(await documentIsMarked(page), 'the restored document was kept').toBe(true);
  expect(await navigationType(page)).toBe('navigate');
});
