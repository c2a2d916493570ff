import type { PageContextServer } from 'vike/types';
import { loadCatalog } from '#client/i18n/setup.ts';

/** Server: the page's catalog is ready before React renders it (vike-react awaits this hook). */
export default (pageContext: PageContextServer) => loadCatalog(pageContext.rootData?.lang ?? 'ja');
