import type { PageContextServer } from 'vike/types';
import { pageStylesheet, STYLESHEET_PATH } from '#client/styles/page-stylesheet.ts';
import { storeTheme } from '#client/styles/store-theme.ts';

/**
 * After the page has rendered: the store's brand as CSS variables (one small rule with this
 * response's nonce, so the first paint is in the store's colours) and the page's component
 * styles as one stylesheet with a content-hashed, immutable URL, the same for every store.
 */
export default function headHtmlEnd(pageContext: PageContextServer): string {
  const s = pageContext.rootData?.storeSettingData;
  const nonce = pageContext.cspNonce ? ` nonce="${pageContext.cspNonce}"` : '';
  const brand = s ? `<style${nonce}>${storeTheme(s.theme, s.colors).varsCss}</style>` : '';
  const file = pageContext.styleCache ? pageStylesheet(pageContext.styleCache) : null;
  return file ? `${brand}<link rel="stylesheet" href="${STYLESHEET_PATH}${file}">` : brand;
}
