import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { memberOf } from '#server/platform/http/member.ts';
import type { ReSettle } from './re-settlement.ts';

/** Spec 7: POST /zapi/subscription/{id}/re-settlement (no payload): retry a held charge now. */
export function billingRoutes(reSettle: ReSettle) {
  const app = new Hono<AppEnv>();
  app.post('/:id/re-settlement', async (c) => {
    const member = memberOf(c);
    return c.json(await reSettle(c.var.store, member.accountId, c.req.param('id')));
  });
  return app;
}
