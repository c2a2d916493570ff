import type { PageContextServer } from 'vike/types';
import { storeTheme } from '#client/styles/store-theme.ts';
import { brandStylesheet, pageStylesheet, STYLESHEET_PATH } from '#styles/page-stylesheet.ts';

/**
 * After the page has rendered: two render-blocking stylesheets with content-hashed, immutable URLs,
 * so the first paint is already the final look and no response repeats CSS: the store's brand as
 * CSS variables (one file per theme and colour set) and the page's component styles (one file per
 * page and state, the same for every store).
 */
export default function headHtmlEnd(pageContext: PageContextServer): string {
  const s = pageContext.rootData?.storeSettingData;
  const files = [
    s ? brandStylesheet(storeTheme(s.theme, s.colors).varsCss) : null,
    pageContext.styleCache ? pageStylesheet(pageContext.styleCache) : null,
  ];
  return files
    .filter((file) => file !== null)
    .map((file) => `<link rel="stylesheet" href="${STYLESHEET_PATH}${file}">`)
    .join('');
}
