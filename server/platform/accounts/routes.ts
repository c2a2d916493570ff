import { Hono } from 'hono';
import { flowToken } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import type { UserIdCheck } from './user-id-check.ts';

/** The account calls of spec 7 under /zapi/account (My Page adds the member's own). */
export function accountRoutes(userIds: UserIdCheck) {
  const app = new Hono<AppEnv>();

  app.post('/user-id/verify', async (c) => {
    const [{ userId }] = await readCall(c, 'POST /zapi/account/user-id/verify');
    const account = c.var.account;
    await userIds.assertAvailable(c.var.scope, userId, account ? { accountId: account.accountId } : { signupFlow: flowToken(c, 'signUp') });
    return c.json({ available: true });
  });

  return app;
}
