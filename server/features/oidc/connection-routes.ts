import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { assertFeature, memberOf } from '#server/platform/http/member.ts';
import type { ConnectionsService } from './connections.ts';

const grantIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);
const revokedAnswer = z.object({ redirectTo: z.literal('/mypage/connections') });

/** POST /zapi/oidc/revoke/grant/{grantId} (spec member-area 7): the member disconnects an app. */
export function connectionRoutes(connections: ConnectionsService) {
  const app = new Hono<AppEnv>();
  app.post('/revoke/grant/:grantId', async (c) => {
    assertFeature(c, 'oidcConnections');
    // Connected apps are not part of the store's app (spec member-area 1).
    if (c.var.browserInfo.isApp) throw new AppError('NOT_FOUND');
    const member = memberOf(c);
    const grantId = grantIdParam.safeParse(c.req.param('grantId'));
    if (!grantId.success) throw new AppError('NOT_FOUND');
    await connections.revoke(c.var.scope, member.accountId, grantId.data);
    return c.json(revokedAnswer.parse({ redirectTo: '/mypage/connections' }));
  });
  return app;
}
