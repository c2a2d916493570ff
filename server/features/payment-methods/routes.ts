import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import { type PaymentMethodService, paymentMethodList, RETURN_TO, returnPage } from './service.ts';

/**
 * The payment-method calls of spec 7 under /zapi/account: POST /payment-method/credit,
 * POST /payment-method/link, GET /payment-method/paypal, DELETE /payment-method/{id}, and the
 * provider's return of a redirect registration (GET /payment-method/return, signed).
 */
export function paymentMethodRoutes(methods: PaymentMethodService) {
  const app = new Hono<AppEnv>();

  app.post('/payment-method/credit', async (c) => {
    const member = memberOf(c);
    const [{ redirectTo, ...tokens }] = await readCall(c, 'POST /zapi/account/payment-method/credit');
    return c.json(await methods.addCard(c.var.scope, member.accountId, tokens, redirectTo));
  });

  app.post('/payment-method/link', async (c) => {
    const member = memberOf(c);
    const [{ paymentMethodType, redirectTo }] = await readCall(c, 'POST /zapi/account/payment-method/link');
    return c.json(await methods.startLink(c.var.scope, member.accountId, paymentMethodType, c.var.origin, redirectTo));
  });

  app.get('/payment-method/paypal', async (c) => {
    const member = memberOf(c);
    // ?redirectTo: the store's page to go back to once the agreement is kept (a purchase).
    return c.json(await methods.startPaypal(c.var.scope, member.accountId, c.var.origin, c.req.query('redirectTo')));
  });

  // The provider sends the viewer back here (a 303 from its own origin) with its signed result in
  // the query: a GET, so the SameSite=Lax session comes along and no cross-site POST is needed.
  app.get('/payment-method/return', async (c) => {
    const params = c.req.query();
    try {
      const done = await methods.completeRedirect(c.var.scope, c.var.account?.accountId ?? null, params);
      return c.redirect(done.redirectTo, 303);
    } catch (err) {
      // The viewer arrives by navigation: a refused result shows on the list, not as a JSON body.
      if (!(err instanceof AppError)) throw err;
      c.var.log.warn('payment method return refused', { code: err.code });
      return c.redirect(paymentMethodList('failed', returnPage(params[RETURN_TO])), 303);
    }
  });

  app.delete('/payment-method/:id', async (c) => {
    const member = memberOf(c);
    const id = c.req.param('id');
    if (!id) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
    return c.json(await methods.remove(c.var.scope, member.accountId, id));
  });

  return app;
}
