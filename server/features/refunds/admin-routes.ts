// A refund asked of a running embedded server (decisions 0029, 0052): on PGlite the support
// command cannot open the data folder the server holds, nor reach the sandbox provider's secret,
// so it posts the refund here and the server runs the very same `refunds.refund` in process.
// Served on the admin door (server/platform/http/admin-door.ts), which has checked the caller.
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import { inStore } from '#server/db/scope.ts';
import { errorBody } from '#server/platform/http/error-body.ts';
import { storePublicOrigin } from '#server/platform/stores/public-origin.ts';
import { jobScope } from '#server/platform/tenancy/scope.ts';
import type { StoreCache } from '#server/platform/tenancy/store-cache.ts';
import type { RefundService } from './service.ts';

export const ADMIN_REFUNDS_PATH = '/_admin/refunds';

export const adminRefundRequestSchema = z
  .object({
    storeId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/),
    paymentId: z.string().min(1).max(64),
    amountYen: z.number().optional(),
    reason: z.string().min(1).max(500),
    actor: z.string().min(1).max(200),
    /** The language of the error message (the operator's). */
    lang: z.enum(['ja', 'en']).default('en'),
  })
  .strict();
export type AdminRefundRequest = z.input<typeof adminRefundRequestSchema>;

/** The route, for the admin door: `{ refund }` (the service's answer), or the error object with its status. */
export function refundAdminRoutes(deps: { refunds: RefundService; storeCache: Pick<StoreCache, 'get'>; serverPort: number }) {
  const app = new Hono();
  app.post(ADMIN_REFUNDS_PATH, async (c) => {
    const parsed = adminRefundRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: z.prettifyError(parsed.error) }, 400);
    const { storeId, lang, ...input } = parsed.data;
    const store = await deps.storeCache.get(storeId);
    if (!store) return c.json({ error: `unknown store ${storeId}` }, 404);
    const scope = jobScope(store, { origin: storePublicOrigin(store.settings, deps.serverPort), lang, label: 'admin:refund' });
    try {
      return c.json({ refund: await inStore(storeId, () => deps.refunds.refund(scope, input)) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const body = errorBody(err, { lang, requestId: 'admin:refund' });
      return c.json(body, body.status as 400);
    }
  });
  return app;
}
