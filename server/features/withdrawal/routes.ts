import { Hono } from 'hono';
import { clearFlowCookie, clearSessionCookies, flowToken, setFlowCookie } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import { authCodeDisplayName } from '#server/platform/mail/templates.ts';
import type { WithdrawalService } from './service.ts';
import { withdrawalQuestions } from './survey.ts';

/** POST /zapi/account/withdraw/confirm and DELETE /zapi/account/withdraw (spec 7). */
export function withdrawalRoutes(withdrawal: WithdrawalService) {
  const app = new Hono<AppEnv>();

  app.post('/withdraw/confirm', async (c) => {
    const member = memberOf(c);
    // The consent and the answers to the store's withdrawal survey (none without one).
    const surveyQuestions = withdrawalQuestions(c.var.store.settings);
    const [input] = await readCall(c, 'POST /zapi/account/withdraw/confirm', { surveyQuestions });
    const flow = await withdrawal.confirm(c.var.scope, member, input.surveyAnswers, flowToken(c, 'withdraw'));
    setFlowCookie(c, 'withdraw', flow.token, flow.maxAgeSeconds);
    return c.json({ redirectTo: flow.redirectTo });
  });

  app.delete('/withdraw', async (c) => {
    const member = memberOf(c);
    const caller = c.var.scope;
    const [{ pinCode }] = await readCall(
      c,
      'DELETE /zapi/account/withdraw',
      {},
      { pinCode: authCodeDisplayName(caller.store.settings, 'withdraw', caller.lang) },
    );
    const done = await withdrawal.withdraw(caller, member, pinCode, flowToken(c, 'withdraw'));
    // The account is gone, and its sessions with it: the browser forgets them too.
    clearFlowCookie(c, 'withdraw');
    clearSessionCookies(c);
    c.set('authId', '');
    c.set('account', null);
    return c.json(done);
  });

  return app;
}
