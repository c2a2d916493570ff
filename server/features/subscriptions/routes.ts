import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall, readJsonObject } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import type { SubscriptionService } from './service.ts';
import { cancelSurvey } from './survey.ts';

const redirectAnswer = z.object({ redirectTo: z.string().startsWith('/') }).strict();

/**
 * The member's subscription calls of member-area 7 under /zapi/subscription/{id}: change the
 * payment method, cancel with the survey (/withdraw), undo the cancellation (/withdraw/cancel).
 */
export function subscriptionRoutes(subscriptions: SubscriptionService) {
  const app = new Hono<AppEnv>();

  app.post('/:id/change-payment-method', async (c) => {
    const member = memberOf(c);
    const [{ paymentMethodId }] = await readCall(c, 'POST /zapi/subscription/:id/change-payment-method');
    const done = await subscriptions.changePaymentMethod(c.var.scope, member, c.req.param('id'), paymentMethodId);
    return c.json(redirectAnswer.parse(done));
  });

  app.post('/:id/withdraw', async (c) => {
    const member = memberOf(c);
    const caller = c.var.scope;
    const id = c.req.param('id');
    // The survey of the subscription's plan: the subscription is looked up first, so another
    // member's id answers 404 before its plan's questions say anything.
    const { planId } = await subscriptions.detail(caller.store, member.accountId, id, caller.lang);
    const survey = cancelSurvey(caller.store.settings, planId);
    const [{ surveyAnswers }] = await readCall(c, 'POST /zapi/subscription/:id/withdraw', { surveyQuestions: survey?.questions ?? [] });
    return c.json(redirectAnswer.parse(await subscriptions.cancel(caller, member, id, surveyAnswers)));
  });

  app.post('/:id/withdraw/cancel', async (c) => {
    const member = memberOf(c);
    // The body carries nothing the undo needs (no survey): read, so a malformed one still answers 400.
    await readJsonObject(c);
    return c.json(redirectAnswer.parse(await subscriptions.undo(c.var.scope, member, c.req.param('id'))));
  });

  return app;
}
