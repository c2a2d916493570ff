import type { z } from 'zod';
import type { footerLink } from '#config-schema/footer.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';

export type FooterLinkSetting = z.infer<typeof footerLink>;
export type FooterLinkView = { key: string; name: string; href: string; external: boolean };

export type FooterViewer = { signedIn: boolean; isApp: boolean; lang: Language };

const isPlansPath = (path: string) => path === '/plans' || path.startsWith('/plans/') || path.startsWith('/plans?');

/**
 * The footer links a viewer sees (spec 2, 6): enabled ones only; 'login' links for signed-in
 * viewers, 'logout' links for guests, 'always' for everyone. A default link goes to its path on
 * this site, a url link to its address. The app hides plans, so links to them go too.
 */
export function visibleFooterLinks(links: readonly FooterLinkSetting[], viewer: FooterViewer): FooterLinkView[] {
  const { signedIn, isApp, lang } = viewer;
  return links.flatMap((link, index) => {
    if (!link.enabled) return [];
    if (link.displayType === 'login' && !signedIn) return [];
    if (link.displayType === 'logout' && signedIn) return [];
    const href = link.type === 'url' ? link.url : link.path;
    if (!href) return [];
    if (isApp && link.type === 'default' && isPlansPath(href)) return [];
    return [{ key: `${index}:${href}`, name: pickText(link.name, lang), href, external: link.external }];
  });
}
