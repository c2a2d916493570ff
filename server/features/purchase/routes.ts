import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import type { PurchaseService } from './service.ts';

/**
 * Spec 7: POST /zapi/purchase/form/{planId}, /verify/{planId} and /{planId}; the provider's return
 * (3-D Secure challenge, redirect payment) at GET /zapi/purchase/return.
 */
export function purchaseRoutes(purchases: PurchaseService) {
  const app = new Hono<AppEnv>();

  app.post('/form/:planId', async (c) => {
    const member = memberOf(c);
    const [form] = await readCall(c, 'POST /zapi/purchase/form/:planId');
    return c.json(await purchases.form(c.var.scope, member.accountId, c.req.param('planId'), form));
  });

  app.post('/verify/:planId', async (c) => {
    const member = memberOf(c);
    const [form] = await readCall(c, 'POST /zapi/purchase/verify/:planId');
    return c.json(await purchases.verify(c.var.scope, member.accountId, c.req.param('planId'), form));
  });

  // A GET: the provider's page is another site, and cross-site posts are refused (middleware/csrf.ts).
  // The result is signed by the provider and matched to an open order, so the GET changes only that order.
  app.get('/return', async (c) =>
    c.redirect(await purchases.returnFromProvider(c.var.scope, c.req.query(), c.var.account?.accountId ?? null), 303),
  );

  app.post('/:planId', async (c) => {
    const member = memberOf(c);
    const [body] = await readCall(c, 'POST /zapi/purchase/:planId');
    return c.json(await purchases.purchase(c.var.scope, member.accountId, c.req.param('planId'), body));
  });

  return app;
}
