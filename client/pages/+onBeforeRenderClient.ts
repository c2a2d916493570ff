import type { PageContextClient } from 'vike/types';
import { loadCatalog } from '#client/i18n/setup.ts';

/**
 * Browser: the page's catalog is ready before React hydrates or renders (vike-react awaits this
 * hook). At hydration its file is already preloaded (+Head.tsx); later navigations find it loaded.
 */
export default (pageContext: PageContextClient) => loadCatalog(pageContext.rootData?.lang ?? 'ja');
