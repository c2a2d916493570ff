import { Hono } from 'hono';
import { STYLESHEET_PATH, stylesheetCss } from '#client/styles/page-stylesheet.ts';
import type { AppEnv } from '#server/env.ts';

/**
 * The pages' component stylesheets (`/styles/<content hash>.css`), registered by the renders of
 * this process. The name is the hash of the content, so a browser keeps the file for a year.
 */
export function stylesheetRoutes() {
  const app = new Hono<AppEnv>();
  app.get(`${STYLESHEET_PATH}:file{[A-Za-z0-9_-]{16}\\.css}`, (c) => {
    const css = stylesheetCss(c.req.param('file'));
    if (css === undefined) return c.text('Not Found', 404, { 'Cache-Control': 'no-store' });
    return c.body(css, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
  return app;
}
