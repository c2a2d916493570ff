import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import { codePurposeFeature, isFeatureOn } from '#domain/mypage/feature-routes.ts';
import { flowToken } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import { codePurpose } from './purposes.ts';
import type { CodeVerification } from './service.ts';

/** POST /zapi/account/email/send-pin-code: sends the code of the flow in progress again, for every purpose. */
export function verificationRoutes(verification: CodeVerification) {
  const app = new Hono<AppEnv>();

  app.post('/email/send-pin-code', async (c) => {
    const caller = c.var.scope;
    const [input] = await readCall(c, 'POST /zapi/account/email/send-pin-code');
    // A purpose of a feature the store has off (setting a password without passwords) is not there.
    if (!isFeatureOn(codePurposeFeature(input.type), caller.store.settings.features)) throw new AppError('NOT_FOUND');
    const flow = codePurpose(input.type).flow;
    await verification.resend(caller, input.type, { token: flowToken(c, flow), email: input.email, accountId: c.var.account?.accountId });
    return c.json({ ok: true });
  });

  return app;
}
