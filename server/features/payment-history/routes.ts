import { Hono } from 'hono';
import { historyPage } from '#domain/billing/payment-history.ts';
import { paymentHistoryPageSchema } from '#domain/billing/subscription-screens.ts';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { memberOf } from '#server/platform/http/member.ts';
import type { PaymentHistoryService } from './service.ts';

/** GET /zapi/account/payment-history/{page} (member-area 7): one page of the last year's payments. */
export function paymentHistoryRoutes(history: PaymentHistoryService) {
  const app = new Hono<AppEnv>();
  app.get('/payment-history/:page', async (c) => {
    const member = memberOf(c);
    const page = historyPage(c.req.param('page'));
    if (page === null) throw new AppError('BAD_REQUEST');
    return c.json(paymentHistoryPageSchema.parse(await history.page(member.accountId, page, c.var.lang)));
  });
  return app;
}
