import { Hono } from 'hono';
import { withdrawBodySchema, withdrawConfirmSchema } from '#domain/validation/withdraw.ts';
import { callerOf } from '#server/platform/http/caller.ts';
import { clearFlowCookie, clearSessionCookies, flowToken, setFlowCookie } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { parseInput, readJsonObject } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import { authCodeDisplayName } from '#server/platform/mail/templates.ts';
import type { WithdrawalService } from './service.ts';
import { withdrawalQuestions } from './survey.ts';

/** POST /zapi/account/withdraw/confirm and DELETE /zapi/account/withdraw (spec 7). */
export function withdrawalRoutes(withdrawal: WithdrawalService) {
  const app = new Hono<AppEnv>();

  app.post('/withdraw/confirm', async (c) => {
    const member = memberOf(c);
    const body = await readJsonObject(c);
    // The consent and the answers to the store's withdrawal survey (none without one).
    const questions = withdrawalQuestions(c.var.store.settings);
    const input = parseInput(withdrawConfirmSchema(questions), body, ['consent', 'surveyAnswers']);
    const flow = await withdrawal.confirm(callerOf(c), member, input.surveyAnswers, flowToken(c, 'withdraw'));
    setFlowCookie(c, 'withdraw', flow.token, flow.maxAgeSeconds);
    return c.json({ redirectTo: flow.redirectTo });
  });

  app.delete('/withdraw', async (c) => {
    const member = memberOf(c);
    const caller = callerOf(c);
    const body = await readJsonObject(c);
    const { pinCode } = parseInput(withdrawBodySchema, body, ['pinCode'], {
      pinCode: authCodeDisplayName(caller.store.settings, 'withdraw', caller.lang),
    });
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
