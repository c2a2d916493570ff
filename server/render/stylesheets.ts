import { Hono } from 'hono';
import { STYLESHEET_PATH, stylesheetFile } from '#client/styles/page-stylesheet.ts';
import type { AppEnv } from '#server/env.ts';

/**
 * The pages' component stylesheets (`/styles/<content hash>.css`), registered by the renders of
 * this process. The name is the hash of the content, so a browser keeps the file for a year;
 * the compressed forms were made once, at registration.
 */
export function stylesheetRoutes() {
  const app = new Hono<AppEnv>();
  app.get(`${STYLESHEET_PATH}:file{[A-Za-z0-9_-]{16}\\.css}`, (c) => {
    const sheet = stylesheetFile(c.req.param('file'));
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
