import { Hono } from 'hono';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import type { EntitlementService } from './service.ts';

/** POST /api/streaks/playback/fetch { refId }: playback information, or 403 NOT_ENTITLED. */
export function entitlementRoutes(entitlements: EntitlementService) {
  const app = new Hono<AppEnv>();
  app.post('/playback/fetch', async (c) => {
    const member = memberOf(c);
    const [{ refId }] = await readCall(c, 'POST /api/streaks/playback/fetch');
    return c.json(await entitlements.playback(c.var.scope, member.accountId, refId));
  });
  return app;
}
