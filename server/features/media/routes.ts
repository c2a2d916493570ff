import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { MEDIA_TYPES } from './test-stream.ts';

/**
 * GET /media/test/<file>: the test stream that scripts/make-test-stream.sh made once and that is
 * kept in media/test/ (about 50 kB), read into memory at start. The same for every store, so it is
 * served before tenancy, like the built assets; any other name is 404. A day's caching: the files
 * change only with a new release.
 */
export function mediaRoutes(rootDir: string) {
  const dir = join(rootDir, 'media/test');
  const files = new Map<string, { body: ArrayBuffer; type: string }>();
  for (const name of readdirSync(dir)) {
    const type = MEDIA_TYPES[extname(name)];
    if (type) files.set(name, { body: new Uint8Array(readFileSync(join(dir, name))).buffer, type });
  }
  const app = new Hono<AppEnv>();
  app.get('/media/test/:file', (c) => {
    const file = files.get(c.req.param('file'));
    if (!file) return c.notFound();
    return c.body(file.body, 200, {
      'Content-Type': file.type,
      'Cache-Control': 'public, max-age=86400',
    });
  });
  return app;
}
