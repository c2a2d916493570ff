import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import { assertFeature, memberOf } from '#server/platform/http/member.ts';
import type { PinCodeService } from './service.ts';

/** POST /zapi/account/pinCode/set (spec 7): { pinCode }, 4 digits. */
export function pinCodeRoutes(pinCodes: PinCodeService) {
  const app = new Hono<AppEnv>();

  app.post('/pinCode/set', async (c) => {
    assertFeature(c, 'pinCode');
    const member = memberOf(c);
    const [{ pinCode }] = await readCall(c, 'POST /zapi/account/pinCode/set');
    return c.json(await pinCodes.set(c.var.scope, member.accountId, pinCode));
  });

  return app;
}
