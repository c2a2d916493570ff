import { Hono } from 'hono';
import { consentBodySchema } from '#domain/validation/consent.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { parseInput, readJsonObject } from '#server/platform/http/input.ts';
import { assertFeature, memberOf } from '#server/platform/http/member.ts';
import type { ConsentService } from './service.ts';

/** POST /zapi/account/consent (spec 7): { consentOptionId, key, value }. */
export function consentRoutes(consents: ConsentService) {
  const app = new Hono<AppEnv>();

  app.post('/consent', async (c) => {
    const body = await readJsonObject(c);
    const input = parseInput(consentBodySchema, body, ['consentOptionId', 'key', 'value']);
    // The flag of the body's screen first: a store without it answers 404 to everyone.
    assertFeature(c, input.key);
    const member = memberOf(c);
    return c.json(await consents.set(c.var.store, member.accountId, input));
  });

  return app;
}
