// Decision 0036: an error answers a page when a browser navigated to the address (a link, a
// reload, back, a provider sending the viewer back, a form post), and the error object (JSON) when
// a page's script called it. The browser says which: Sec-Fetch-Mode: navigate for a navigation
// (cors / same-origin for fetch); a browser without Fetch Metadata is asked by its Accept header,
// which names HTML for a navigation and only JSON for the pages' calls (client/api/request.ts).
import type { Context } from 'hono';
import type { ErrorObject } from '#domain/errors.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { rootData } from '#server/platform/screens/root-data.ts';
import type { PageRenderer } from './pages.ts';

/** The page that carries an error of any address: its loader's answer is the error (client/screen/load.ts). */
const ERROR_ROUTE = '/oidc/error';

/** Whether the request is a browser's navigation, which must be answered with a page. */
export function isNavigation(headers: { get(name: string): string | undefined }): boolean {
  const mode = headers.get('sec-fetch-mode');
  if (mode) return mode.toLowerCase() === 'navigate';
  const accept = (headers.get('accept') ?? '').toLowerCase();
  return accept.includes('text/html');
}

/**
 * The store's error page for `error`, in the viewer's language, with the error's status (the page
 * shows its status, text, code and request id, and the way back to the top); null when nothing renders.
 */
export async function renderErrorPage(c: Context<AppEnv>, render: PageRenderer, error: ErrorObject): Promise<Response | null> {
  const vars = c.var;
  const page = await render({
    urlOriginal: new URL(ERROR_ROUTE, c.req.url).href,
    headersOriginal: Object.fromEntries(c.req.raw.headers),
    cspNonce: vars.nonce,
    requestId: vars.requestId,
    rootDataSource: () => rootData(c.var),
    loadScreenData: async () => ({ error }),
  });
  if (!page) return null;
  for (const [k, v] of page.headers) {
    const name = k.toLowerCase();
    if (name === 'content-security-policy' || name === 'set-cookie') continue;
    c.header(k, v);
  }
  c.header('Cache-Control', 'no-store');
  return c.body(page.body, error.status as 400);
}
