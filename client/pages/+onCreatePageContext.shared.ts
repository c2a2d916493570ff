import type { PageContext } from 'vike/types';
import { rememberedRootData, rememberRootData } from '#client/root-data-store.ts';

/**
 * Gives every pageContext its root data without Vike fetching `pageContext.json` on client
 * navigation (it does so for any passToClient value that came from renderPage's init):
 * - on the server, `rootData` is read from the request when the page renders (after its loader,
 *   so /logout already shows a guest), through `rootDataSource` which stays on the server;
 * - in the browser, navigations reuse the root data the page was hydrated with (a login, logout
 *   or language change reloads the page, so it cannot go stale). It is remembered here, when the
 *   hydration's pageContext is created: vike-react lets a click abort hydration, and Vike starts
 *   that navigation only after this hook ran for the hydration, so the navigation always finds it.
 */
export default function onCreatePageContext(pageContext: PageContext) {
  const source = pageContext.rootDataSource;
  if (source) {
    Object.defineProperty(pageContext, 'rootData', { get: source, enumerable: true, configurable: true });
    return;
  }
  if (pageContext.rootData) {
    rememberRootData(pageContext.rootData);
    return;
  }
  const remembered = rememberedRootData();
  if (remembered) pageContext.rootData = remembered;
}
