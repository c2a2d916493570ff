import type { Context } from 'hono';
import { Hono } from 'hono';
import { AppError, type ErrorObject } from '#domain/errors.ts';
import { compressHtml } from '#server/platform/http/compress-html.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { errorBody } from '#server/platform/http/error-body.ts';
import { rootData } from '#server/platform/screens/root-data.ts';
import type { ScreenRunner } from '#server/platform/screens/routes.ts';
import type { ScreenResult } from '#server/platform/screens/types.ts';
import type { PageCache } from './page-cache.ts';

export type RenderedPage = { statusCode: number; headers: Array<[string, string]>; body: string };
export type PageRenderer = (pageContextInit: Record<string, unknown>) => Promise<RenderedPage | null>;
type ScreenAnswer = ScreenResult | { error: ErrorObject };

/**
 * Everything that is not an API call is a page: Vike renders it with this request's context.
 * With a page cache, a guest's page whose loader read no cookie of theirs is kept and reused
 * (page-cache.ts); a request with `Cache-Control: no-cache` (a forced reload) renders afresh.
 */
export function pageRoutes(render: PageRenderer, runScreen: ScreenRunner, cache: PageCache | null = null) {
  const app = new Hono<AppEnv>();
  app.get('*', async (c) => {
    const vars = c.var;
    const screen = (pathname: string, search: string) => answerScreen(c, runScreen, pathname, search);
    let first: { pathname: string; search: string; answer: ScreenAnswer } | null = null;
    let key: string | null = null;
    // A preview (decision 0050) is never kept nor served from the cache: it is one viewer's.
    if (cache && vars.account === null && !vars.preview && !forcedReload(c)) {
      const url = new URL(c.req.url);
      // The loader runs once, here; the render below takes its answer.
      const cookies = new ReadTrackingCookies(vars.cookies);
      c.set('cookies', cookies);
      const answer = await screen(url.pathname, url.search);
      c.set('cookies', vars.cookies);
      first = { pathname: url.pathname, search: url.search, answer };
      // A loader that read a cookie the viewer sent (a sign-up or login flow) made a page of
      // theirs: it is not kept.
      if ('data' in answer && !cookies.readPresent) {
        const { requestId: _perResponse, storeSettingData: _byRevision, ...root } = rootData(vars);
        key = cache.key({
          url: c.req.url,
          storeId: vars.store.storeId,
          revision: vars.store.revision,
          root,
          screenData: answer.data,
        });
        const hit = cache.get(key, vars.nonce, vars.requestId);
        if (hit) return send(c, hit);
      }
    }
    const page = await render({
      urlOriginal: c.req.url,
      headersOriginal: Object.fromEntries(c.req.raw.headers),
      cspNonce: vars.nonce,
      requestId: vars.requestId,
      // Read when the page renders, after its loader (/logout ends the session in its loader).
      rootDataSource: () => rootData(c.var),
      // The same loader as GET /zapi/internal/<route>/screen-data, called in process.
      loadScreenData: async (pathname: string, search: string) => {
        if (first && first.pathname === pathname && first.search === search) {
          const { answer } = first;
          first = null;
          return answer;
        }
        return screen(pathname, search);
      },
    });
    if (!page) return c.notFound();
    if (cache && key && page.statusCode === 200 && !page.headers.some(([k]) => k.toLowerCase() === 'set-cookie')) {
      cache.put(key, page, vars.nonce, vars.requestId);
    }
    return send(c, page);
  });
  return app;
}

async function answerScreen(c: Context<AppEnv>, runScreen: ScreenRunner, pathname: string, search: string): Promise<ScreenAnswer> {
  try {
    return await runScreen(c, pathname, new URLSearchParams(search));
  } catch (err) {
    if (err instanceof AppError) return { error: errorBody(err, c.var) };
    throw err;
  }
}

function send(c: Context<AppEnv>, page: RenderedPage): Response {
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
}

/** A forced reload (`Cache-Control: no-cache`, or `Pragma: no-cache`) asks for a fresh render. */
function forcedReload(c: Context<AppEnv>): boolean {
  return /no-cache|no-store|max-age=0/i.test(c.req.header('Cache-Control') ?? '') || /no-cache/i.test(c.req.header('Pragma') ?? '');
}

/** The request's cookies, noting whether anything read one that is there. */
class ReadTrackingCookies extends Map<string, string> {
  readPresent = false;
  override get(name: string): string | undefined {
    const value = super.get(name);
    if (value !== undefined) this.readPresent = true;
    return value;
  }
  override has(name: string): boolean {
    const found = super.has(name);
    if (found) this.readPresent = true;
    return found;
  }
  override forEach(fn: (value: string, key: string, map: Map<string, string>) => void): void {
    if (this.size > 0) this.readPresent = true;
    super.forEach(fn);
  }
  override entries(): MapIterator<[string, string]> {
    if (this.size > 0) this.readPresent = true;
    return super.entries();
  }
  override values(): MapIterator<string> {
    if (this.size > 0) this.readPresent = true;
    return super.values();
  }
  override [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }
}
