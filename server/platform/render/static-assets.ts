import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built files; those under /assets/ have hashed names and are cached for a year. The header
 * is set on the answer serveStatic returns: its onFound hook runs after the answer is made, and a
 * header set there arrived only through @hono/node-server's own Response class (which keeps the
 * context's headers object), not through a standard one such as app.request() gives tests.
 */
export function staticAssets(root: string): MiddlewareHandler {
  // scripts/precompress.ts wrote .br and .gz beside each file at build time.
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    const res = await serve(c, next);
    if (res instanceof Response && res.ok && c.req.path.startsWith('/assets/')) res.headers.set('Cache-Control', IMMUTABLE);
    return res;
  };
}
