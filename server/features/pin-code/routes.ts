import { Hono } from 'hono';
import { pinCodeSetBodySchema } from '#domain/validation/pin-code.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { parseInput, readJsonObject } from '#server/platform/http/input.ts';
import { assertFeature, memberOf } from '#server/platform/http/member.ts';
import type { PinCodeService } from './service.ts';

/** POST /zapi/account/pinCode/set (spec 7): { pinCode }, 4 digits. */
export function pinCodeRoutes(pinCodes: PinCodeService) {
  const app = new Hono<AppEnv>();

  app.post('/pinCode/set', async (c) => {
    assertFeature(c, 'pinCode');
    const member = memberOf(c);
    const body = await readJsonObject(c);
    const { pinCode } = parseInput(pinCodeSetBodySchema, body, ['pinCode']);
    return c.json(await pinCodes.set(c.var.store, member.accountId, pinCode));
  });

  return app;
}
