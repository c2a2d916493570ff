/**
 * A policy read before the page's script has run (a slow phone): the scroll already made counts
 * once the page hydrates, so consent is not refused to a viewer who read quickly (spec 4).
 */
import { expect, test, waitForHydration } from '../fixtures.ts';
import { onStoreOrigin } from '../mypage/member-support.ts';
import { callInPage, outboxCode } from '../mypage/profile-support.ts';
import { uniqueEmail } from './support.ts';

test('midori (phone): both policies scrolled to the end before hydration count as read', async ({ page, storeUrl }, testInfo) => {
  test.skip(testInfo.project.name !== 'mobile', 'the reading rule is the same at both widths');
  const email = uniqueEmail('midori');
  await onStoreOrigin(page, storeUrl, 'midori');
  const started = await callInPage(page, '/zapi/signup/email', { type: 'signUp', email });
  expect(started.status, started.body).toBe(200);
  const verified = await callInPage(page, '/zapi/signup/pin-code', { pinCode: await outboxCode(page, email) });
  expect(verified.status, verified.body).toBe(200);

  // The page's scripts arrive late; the viewer scrolls both texts while the button is still inert.
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(storeUrl('midori', '/signup/policy'), { waitUntil: 'commit' });
  const boxes = page.getByRole('main').getByRole('region').and(page.locator('[tabindex="0"]'));
  await expect(boxes).toHaveCount(2);
  for (const box of await boxes.all()) await box.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  expect(await page.evaluate(() => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__reactFiber$')))).toBe(
    false,
  );

  await waitForHydration(page);
  await expect(page.getByRole('main').getByText('最後までお読みいただきました。')).toHaveCount(2);
  await expect(page.getByRole('main').getByRole('button', { name: '同意して次へ', exact: true })).toBeEnabled();
});
