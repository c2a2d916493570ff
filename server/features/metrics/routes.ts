import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { isDirectLocalRequest } from '#server/platform/http/loopback.ts';
import type { Metrics } from './registry.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether a scraper may read /metrics: a client on this machine that no proxy relayed (as the
 * outbox, server/platform/http/loopback.ts), or any client with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function mayReadMetrics(c: Context, opts: { token: string | undefined; trustProxy: boolean }): boolean {
  const auth = c.req.header('authorization');
  if (opts.token && auth?.startsWith('Bearer ')) return timingSafeEqual(digest(auth.slice('Bearer '.length)), digest(opts.token));
  return isDirectLocalRequest(c, opts.trustProxy);
}

/** GET /metrics in Prometheus' text format; everyone else gets a plain 404, as for any unknown path. */
export function metricsRoutes(metrics: Metrics, opts: { token: string | undefined; trustProxy: boolean }) {
  const app = new Hono<AppEnv>();
  app.get('/metrics', async (c) => {
    if (!mayReadMetrics(c, opts)) return c.text('Not Found', 404);
    return c.body(await metrics.render(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
  });
  return app;
}
