/**
 * Cross-tab session check (spec 4): coming back to a page (back/forward) with a different
 * account cookie than the page was rendered for reloads it; with the same cookie it does not.
 */
import { expect, navigationType, test, waitForHydration } from './fixtures.ts';
import { getAsHost } from './server-process.ts';

test('a stale copy coming back with a changed account cookie reloads the page', async ({ page, context, server, storeUrl }) => {
  // Pages are no-store, and the server clears an auid cookie that has no session, so a copy of a
  // page that no longer matches the cookie only comes back from a cache. The first load of / is
  // kept and served again once, as a cache would (the back/forward cache case is
  // session-check-bfcache.spec.ts; real logins in two tabs are identity/cross-tab-login.spec.ts).
  const top = storeUrl('aozora', '/');
  // The guest's copy of / (fetched directly: Node does not resolve *.localhost, Chromium does).
  const copy = await getAsHost(server.port, 'aozora.localhost', '/');
  expect(copy.status).toBe(200);
  let staleServed = false;
  let loads = 0;
  await page.route(top, async (route) => {
    loads += 1;
    if (loads === 2) {
      staleServed = true;
      await route.fulfill({ status: 200, contentType: copy.contentType, body: copy.body });
      return;
    }
    await route.continue();
  });
  await page.goto(top);
  await waitForHydration(page);
  await page.goto(storeUrl('aozora', '/plans'));
  await waitForHydration(page);

  // Another tab logged in: the account cookie no longer matches the pages rendered before.
  await context.addCookies([{ name: 'auid', value: 'signed-in-elsewhere', url: top }]);
  const reloaded = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame() && f.url() === top });
  await page.goBack();
  await reloaded;

  await expect(page).toHaveURL(top);
  expect(staleServed, 'the stale copy came back first').toBe(true);
  await expect.poll(() => navigationType(page), { message: 'the page was reloaded after coming back' }).toBe('reload');
  await waitForHydration(page);
  // The reload reached the server, which cleared the cookie that had no session behind it.
  expect((await context.cookies(top)).find((c) => c.name === 'auid')).toBeUndefined();
});

test('going back with an unchanged account cookie does not reload the page', async ({ page, storeUrl }) => {
  await page.goto(storeUrl('aozora', '/'));
  await waitForHydration(page);
  await page.goto(storeUrl('aozora', '/plans'));
  await waitForHydration(page);

  await page.goBack();
  await expect(page).toHaveURL(storeUrl('aozora', '/'));
  await waitForHydration(page);
  // The check runs once hydrated; give a reload the time it would take to start.
  await page.waitForTimeout(500);
  expect(await navigationType(page)).toBe('back_forward');
});
