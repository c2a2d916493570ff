import type { PageContextClient } from 'vike/types';
import { loadCatalog } from '#client/i18n/setup.ts';

/**
 * Browser: the page's catalog is ready before React hydrates or renders (vike-react awaits this
 * hook). At hydration its file is already preloaded (+Head.tsx); later navigations find it loaded.
 *
 * Hydration also waits for the server's HTML to be painted once: when the scripts are already at
 * hand (a repeat visit, scripts from the browser's cache), hydrating first would hold the first
 * paint back by the whole hydration on a slow phone. The page is complete and final without its
 * scripts (decision 0011), and a press before hydration sends nothing, so nothing is lost.
 */
export default async (pageContext: PageContextClient) => {
  const catalog = loadCatalog(pageContext.rootData?.lang ?? 'ja');
  if (pageContext.isHydration) await afterFirstPaint();
  await catalog;
};

/** Resolves once the browser has painted a frame: the frame callback runs before the paint, the task after it. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') {
      resolve();
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
