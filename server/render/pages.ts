import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/env.ts';
import { compressHtml } from '#server/http/compress-html.ts';
import { errorObject } from '#server/i18n/error-object.ts';
import { rootData } from '#server/screens/root-data.ts';
import type { ScreenRunner } from '#server/screens/routes.ts';

export type RenderedPage = { statusCode: number; headers: Array<[string, string]>; body: string };
export type PageRenderer = (pageContextInit: Record<string, unknown>) => Promise<RenderedPage | null>;

/** Everything that is not an API call is a page: Vike renders it with this request's context. */
export function pageRoutes(render: PageRenderer, runScreen: ScreenRunner) {
  const app = new Hono<AppEnv>();
  app.get('*', async (c) => {
    const vars = c.var;
    const page = await render({
      urlOriginal: c.req.url,
      headersOriginal: Object.fromEntries(c.req.raw.headers),
      cspNonce: vars.nonce,
      requestId: vars.requestId,
      // Read when the page renders, after its loader (/logout ends the session in its loader).
      rootDataSource: () => rootData(c.var),
      // The same loader as GET /zapi/internal/<route>/screen-data, called in process.
      loadScreenData: async (pathname: string, search: string) => {
        try {
          return await runScreen(c, pathname, new URLSearchParams(search));
        } catch (err) {
          if (err instanceof AppError)
            return { error: errorObject(err.code, err.status, vars.lang, vars.requestId, { messageKey: err.message, fields: err.fields }) };
          throw err;
        }
      },
    });
    if (!page) return c.notFound();
    for (const [k, v] of page.headers) {
      const name = k.toLowerCase();
      // Vike's own policy (script-src with the nonce) would replace the full one set for every
      // answer (middleware/security-headers.ts), which carries the same nonce.
      if (name === 'content-security-policy') continue;
      c.header(k, v, { append: name === 'set-cookie' });
    }
    const sent = compressHtml(page.body, c.req.header('Accept-Encoding'));
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (sent.encoding === null) return c.body(sent.body, page.statusCode as 200);
    c.header('Content-Encoding', sent.encoding);
    return c.body(sent.body, page.statusCode as 200);
  });
  return app;
}
