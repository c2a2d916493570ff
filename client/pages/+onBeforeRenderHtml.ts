import type { PageContextServer } from 'vike/types';
import { serverStyleCache } from '#client/emotion-cache.ts';
import { loadCatalog } from '#client/i18n/setup.ts';

/**
 * Server: a style cache for this render (read again by +headHtmlEnd.ts) and the page's catalog,
 * ready before React renders (vike-react awaits this hook).
 */
export default (pageContext: PageContextServer) => {
  pageContext.styleCache = serverStyleCache();
  return loadCatalog(pageContext.rootData?.lang ?? 'ja');
};
