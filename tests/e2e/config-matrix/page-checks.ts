/** What every guest page of a matrix store should show whatever its settings: checks shared by the spec. */

import type { StoreSettings } from '#config-schema/index.ts';
import { LEGAL_NOTICE_PATH } from '#domain/commerce/legal-paths.ts';
import { pickText } from '#domain/localized-text.ts';
import { expect, type Page } from '../fixtures.ts';
import type { Lang } from './signup-walk.ts';

/** Nothing wider than the window: a phone never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
}

/**
 * The footer a guest sees (spec 2): the enabled links for guests ('always' and 'logout', not
 * 'login') in settings order, external ones in a new tab, then the legal notice; one icon per social address set; the
 * powered-by line only when enabled.
 */
export async function expectGuestFooter(page: Page, s: StoreSettings, lang: Lang): Promise<void> {
  const footer = page.getByRole('contentinfo');
  const menu = footer.getByRole('navigation', { name: lang === 'ja' ? 'フッターメニュー' : 'Footer menu' });
  const links = s.footers.footerLinks.filter((l) => l.enabled && l.displayType !== 'login');
  // Every store's legal notice comes last, unless the store's own links have it (decision 0045).
  const ownLegal = links.some((l) => l.type === 'default' && l.path === LEGAL_NOTICE_PATH);
  const shown = menu.getByRole('link');
  await expect(shown).toHaveCount(links.length + (ownLegal ? 0 : 1));
  for (const [i, link] of links.entries()) {
    const a = shown.nth(i);
    await expect(a).toContainText(pickText(link.name, lang));
    await expect(a).toHaveAttribute('href', (link.type === 'url' ? link.url : link.path) ?? '');
    if (link.external) await expect(a).toHaveAttribute('target', '_blank');
    else await expect(a).not.toHaveAttribute('target', '_blank');
  }
  if (!ownLegal) await expect(shown.last()).toHaveAttribute('href', LEGAL_NOTICE_PATH);
  const social = Object.values(s.footers.socialMediaLinks).filter(Boolean).length;
  const socialList = footer.getByRole('list', { name: lang === 'ja' ? '公式SNS' : 'Official social media' });
  await expect(socialList).toHaveCount(social > 0 ? 1 : 0);
  if (social > 0) await expect(socialList.getByRole('link')).toHaveCount(social);
  await expect(footer.getByText('Powered by PVS')).toHaveCount(s.enablePoweredByPvs ? 1 : 0);
  await expect(footer.getByText(s.footers.copyright)).toBeVisible();
}
