/** The language switch in the footer: a full reload in English that later pages remember. */
import { documentIsMarked, expect, markDocument, test, waitForHydration } from './fixtures.ts';
import { loadTenant, textIn } from './tenants.ts';

const aozora = loadTenant('aozora');
const firstPlan = aozora.plans[0]!.planName;

test('English in the footer reloads the page in English, and the next page stays English', async ({ page, storeUrl, context }) => {
  await page.goto(storeUrl('aozora', '/plans'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('main').getByText(textIn(firstPlan, 'ja'))).toBeVisible();
  await waitForHydration(page);
  await markDocument(page);

  const footer = page.getByRole('contentinfo');
  await footer
    .getByRole('link', { name: 'English' })
    .or(footer.getByRole('button', { name: 'English' }))
    .click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/plan/i);
  await expect(page.getByRole('main').getByText(textIn(firstPlan, 'en'))).toBeVisible();
  expect(await documentIsMarked(page), 'the switch reloads the page').toBe(false);

  const cookies = await context.cookies(storeUrl('aozora', '/'));
  expect(cookies.find((c) => c.name === 'lang')?.value).toBe('en');

  // The next page, loaded without any language in its address.
  await page.goto(storeUrl('aozora', '/'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('main').getByText(textIn(firstPlan, 'en'))).toBeVisible();
});

test('in English, a page reached by client-side navigation speaks English, its form messages too', async ({ page, storeUrl }) => {
  await page.goto(storeUrl('aozora', '/plans?lang=en'));
  await waitForHydration(page);
  await markDocument(page);

  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(storeUrl('aozora', '/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('main').getByText('Please enter your e-mail address.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Please enter your password.')).toBeVisible();
  expect(await documentIsMarked(page), 'no page load since the switch').toBe(true);
});
