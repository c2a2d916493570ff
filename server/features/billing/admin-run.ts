// The billing run asked of a running server (decision 0028): `npm run billing -- run --at <time>`
// on the embedded database, where the server holds the one PGlite session and the sandbox payment
// provider (and its secret) lives in the server's process. The command posts here instead of
// opening the database; the server runs the very same runBilling in process and streams what it
// did, one JSON line per batch and one for the totals (or the error).
//
// Not a store's page: it is served on the admin door (server/platform/http/admin-door.ts, decision 0029),
// the server's own loopback listener, to a client on this machine that shows the token of
// <DATA_DIR>/admin.json; never on the stores' port.
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import type { Logger } from '#server/base/logger.ts';
import type { BillingEngine, BillingSummary } from './engine.ts';

export const ADMIN_BILLING_PATH = '/_admin/billing/run';

export const adminRunRequestSchema = z
  .object({
    at: z.iso.datetime({ offset: true }),
    batchSize: z.number().int().min(1).max(10_000),
    concurrency: z.number().int().min(1).max(10_000),
  })
  .strict();
export type AdminRunRequest = z.infer<typeof adminRunRequestSchema>;

/** One line of the answer: a committed batch, the run's totals, or why it stopped. */
export type AdminRunLine = { batch: BillingSummary } | { summary: BillingSummary } | { error: string };

/** The route, for the admin door (which checks who asks). */
export function billingAdminRoutes(deps: { engine: BillingEngine; log: Logger }) {
  const app = new Hono();
  app.post(ADMIN_BILLING_PATH, async (c) => {
    const parsed = adminRunRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
    const { at, batchSize, concurrency } = parsed.data;
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    return stream(c, async (out) => {
      const line = (l: AdminRunLine) => out.write(`${JSON.stringify(l)}\n`);
      deps.log.info('billing run asked by the command line', { at });
      try {
        const summary = await deps.engine.runBilling({
          at: new Date(at),
          batchSize,
          concurrency,
          onBatch: (s) => line({ batch: s }).then(() => undefined),
        });
        if (summary.batches > 0) deps.log.info('billing run', summary);
        await line({ summary });
      } catch (err) {
        deps.log.error('billing run failed', { err });
        await line({ error: err instanceof Error ? err.message : String(err) });
      }
    });
  });
  return app;
}
