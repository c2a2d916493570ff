import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '#server/platform/http/env.ts';

/**
 * The pattern of the route that answered, never the raw path (logs and metrics, decision 0034):
 * a page's pattern (/plans/@planId) or its screen data's (/zapi/internal/plans/@planId/screen-data),
 * else the Hono route (/zapi/account/email/send-pin-code). `*` is an answer of a middleware: a
 * static file, an unknown host, a path no route has.
 */
export function routePattern(c: Context<AppEnv>): string {
  const page = c.var.pagePattern;
  const path = routePath(c);
  if (page) return path.startsWith('/zapi/internal/') ? `/zapi/internal${page === '/' ? '' : page}/screen-data` : page;
  return path === '/*' ? '*' : path;
}
