import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import { assertFeature, memberOf } from '#server/platform/http/member.ts';
import type { ConsentService } from './service.ts';

/** POST /zapi/account/consent (spec 7): { consentOptionId, key, value }. */
export function consentRoutes(consents: ConsentService) {
  const app = new Hono<AppEnv>();

  app.post('/consent', async (c) => {
    const [input] = await readCall(c, 'POST /zapi/account/consent');
    // The flag of the body's screen first: a store without it answers 404 to everyone.
    assertFeature(c, input.key);
    const member = memberOf(c);
    return c.json(await consents.set(c.var.scope, member.accountId, input));
  });

  return app;
}
