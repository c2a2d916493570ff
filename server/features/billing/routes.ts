import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { memberOf } from '#server/platform/http/member.ts';
import type { ReSettlement } from './re-settlement.ts';

/**
 * Spec 7: POST /zapi/subscription/{id}/re-settlement (no payload): retry a held charge now; the
 * provider's return after the retry's 3-D Secure challenge at GET /zapi/subscription/re-settlement/return.
 */
export function billingRoutes(reSettlement: ReSettlement) {
  const app = new Hono<AppEnv>();
  // A GET: the provider's page is another site, and cross-site posts are refused (middleware/csrf.ts).
  // The result is signed by the provider and matched to the member's held contract.
  app.get('/re-settlement/return', async (c) =>
    c.redirect(await reSettlement.returnFromChallenge(c.var.scope, c.req.query(), c.var.account?.accountId ?? null), 303),
  );
  app.post('/:id/re-settlement', async (c) => {
    const member = memberOf(c);
    return c.json(await reSettlement.reSettle(c.var.scope, member.accountId, c.req.param('id')));
  });
  return app;
}
