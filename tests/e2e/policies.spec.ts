/**
 * /terms and /privacy as pages (the privacy consent screen of My Page links an internal policy
 * here): aozora's internal policy in Japanese and English, kurenai's external one as a link.
 */
import { expect, test, waitForHydration } from './fixtures.ts';

test('a store policy reads as a page in both languages, and an external one links to its place', async ({ page, storeUrl, axe }) => {
  await page.goto(storeUrl('aozora', '/privacy'));
  await expect(page.getByRole('heading', { level: 1, name: 'プライバシーポリシー' })).toBeVisible();
  await expect(page.getByText('株式会社あおぞらメディア（以下「当社」）は', { exact: false })).toBeVisible();
  await expect(page.getByText('改定番号：2')).toBeVisible();
  await expect(page).toHaveTitle(/プライバシーポリシー/);
  await waitForHydration(page);
  expect.soft(await axe(page), 'aozora /privacy: serious or critical axe violations').toEqual([]);

  await page.goto(storeUrl('aozora', '/terms?lang=en'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Revision: ', { exact: false })).toBeVisible();

  await page.goto(storeUrl('kurenai', '/privacy?lang=en'));
  const link = page.getByRole('main').getByRole('link', { name: /Privacy Policy/ });
  await expect(link).toHaveAttribute('href', 'https://kurenai.example.jp/privacy');
  await expect(link).toHaveAttribute('target', '_blank');
  await waitForHydration(page);
  expect.soft(await axe(page), 'kurenai /privacy: serious or critical axe violations').toEqual([]);
});
