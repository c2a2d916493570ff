import { Hono } from 'hono';
import { sendPinCodeBodySchema } from '#domain/validation/send-pin-code.ts';
import type { AppEnv } from '#server/env.ts';
import { callerOf } from '#server/http/caller.ts';
import { flowToken } from '#server/http/cookies.ts';
import { parseInput, readJsonObject } from '#server/http/input.ts';
import { codePurpose } from './purposes.ts';
import type { CodeVerification } from './service.ts';

/** POST /zapi/account/email/send-pin-code: sends the code of the flow in progress again, for every purpose. */
export function verificationRoutes(verification: CodeVerification) {
  const app = new Hono<AppEnv>();

  app.post('/email/send-pin-code', async (c) => {
    const caller = callerOf(c);
    const body = await readJsonObject(c);
    const input = parseInput(sendPinCodeBodySchema(caller.store.settings.signupFields.maxLengths.email), body, ['email', 'type']);
    await verification.resend(caller, input.type, {
      token: flowToken(c, codePurpose(input.type).flow),
      email: input.email,
      accountId: c.var.account?.accountId,
    });
    return c.json({ ok: true });
  });

  return app;
}
