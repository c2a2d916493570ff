/** The header's scrolled state (spec 2 and 9): on once the page is scrolled more than 5 px. */
import { expect, test, waitForHydration } from './fixtures.ts';

test('the header shows its scrolled state beyond 5 px of scroll', async ({ page, storeUrl }) => {
  // Five plan cards and the footer: taller than the viewport by far on both projects.
  await page.goto(storeUrl('kurenai', '/plans'));
  await waitForHydration(page);
  const header = page.getByRole('banner');
  const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);

  await expect(header).not.toHaveAttribute('data-scrolled', 'true');
  await scrollTo(5);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(5);
  await expect(header).not.toHaveAttribute('data-scrolled', 'true');
  await scrollTo(6);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await scrollTo(400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect(header).toBeInViewport();
  await scrollTo(0);
  await expect(header).not.toHaveAttribute('data-scrolled', 'true');
});
