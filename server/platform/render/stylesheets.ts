import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Logger } from '#server/base/logger.ts';
import type { Db } from '#server/db/client.ts';
import { pageStylesheets } from '#server/db/schema.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { adoptStylesheet, onNewStylesheet, STYLESHEET_PATH, type Stylesheet, stylesheetFile } from '#styles/page-stylesheet.ts';

/** A page may reach its stylesheet's request before the process that rendered it has stored it. */
const READ_TRIES = 10;
const READ_WAIT_MS = 200;

/**
 * The pages' component stylesheets (`/styles/<content hash>.css`). A render registers its
 * stylesheet in this process and stores it in `page_stylesheets`, so that any process behind the
 * load balancer can answer it: one that has not rendered the page reads it from there. The name is
 * the hash of the content, so a browser keeps the file for a year; the compressed forms are made
 * once per process.
 */
export function stylesheetRoutes(deps: { db: Db; log: Logger }) {
  const { db, log } = deps;
  onNewStylesheet((file, css) => {
    db.insert(pageStylesheets)
      .values({ file, css })
      .onConflictDoNothing()
      .then(
        () => {},
        (err: unknown) => log.error('stylesheet not stored', { file, err }),
      );
  });

  async function find(file: string): Promise<Stylesheet | undefined> {
    for (let i = 0; i < READ_TRIES; i++) {
      const known = stylesheetFile(file);
      if (known) return known;
      const [row] = await db.select({ css: pageStylesheets.css }).from(pageStylesheets).where(eq(pageStylesheets.file, file));
      if (row) return adoptStylesheet(file, row.css);
      await new Promise((resolve) => setTimeout(resolve, READ_WAIT_MS));
    }
    return undefined;
  }

  const app = new Hono<AppEnv>();
  app.get(`${STYLESHEET_PATH}:file{[A-Za-z0-9_-]{16}\\.css}`, async (c) => {
    const sheet = await find(c.req.param('file'));
    if (sheet === undefined) return c.text('Not Found', 404, { 'Cache-Control': 'no-store' });
    const headers: Record<string, string> = {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    };
    const accepted = new Set((c.req.header('Accept-Encoding') ?? '').split(',').map((e) => e.trim().split(';')[0]));
    if (accepted.has('br')) return c.body(new Uint8Array(sheet.br), 200, { ...headers, 'Content-Encoding': 'br' });
    if (accepted.has('gzip')) return c.body(new Uint8Array(sheet.gzip), 200, { ...headers, 'Content-Encoding': 'gzip' });
    return c.body(sheet.css, 200, headers);
  });
  return app;
}
