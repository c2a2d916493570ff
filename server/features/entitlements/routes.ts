import { Hono } from 'hono';
import { z } from 'zod';
import { INVALID } from '#domain/validation/issues.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { parseInput, readJsonObject } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import type { EntitlementService } from './service.ts';

const playbackBody = z.object({ refId: z.string(INVALID).regex(/^[A-Za-z0-9_-]{1,64}$/, INVALID) });

/** POST /api/streaks/playback/fetch { refId }: playback information, or 403 NOT_ENTITLED. */
export function entitlementRoutes(entitlements: EntitlementService) {
  const app = new Hono<AppEnv>();
  app.post('/playback/fetch', async (c) => {
    const member = memberOf(c);
    const { refId } = parseInput(playbackBody, await readJsonObject(c), ['refId']);
    return c.json(await entitlements.playback(c.var.store, member.accountId, refId));
  });
  return app;
}
