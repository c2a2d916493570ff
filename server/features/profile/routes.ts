import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import { apiFeature, isFeatureOn } from '#domain/mypage/feature-routes.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import type { ProfileService } from './service.ts';

/** A call whose store flag is off does not exist (404), whoever asks. */
const featureGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isFeatureOn(apiFeature(c.req.path), c.var.store.settings.features)) throw new AppError('NOT_FOUND');
  await next();
};

/** The signed-in member, or 401. */
function member(c: Context<AppEnv>) {
  const account = c.var.account;
  if (!account) throw new AppError('UNAUTHORIZED');
  return account;
}

/** The member's own details under /zapi/account (spec 7): basic information and profile image. */
export function profileRoutes(profiles: ProfileService) {
  const app = new Hono<AppEnv>();
  app.use('/profile-image', featureGate);
  app.use('/profile-image/*', featureGate);

  app.post('/edit', async (c) => {
    const account = member(c);
    const [input] = await readCall(c, 'POST /zapi/account/edit', { now: profiles.now() });
    await profiles.edit(c.var.scope, account.accountId, input);
    return c.json({ redirectTo: '/mypage/edit/complete' });
  });

  app.post('/profile-image', async (c) => {
    const account = member(c);
    const [{ profileImage }] = await readCall(c, 'POST /zapi/account/profile-image');
    return c.json(await profiles.setImage(c.var.scope, account.accountId, profileImage));
  });

  // Each picture has its own key (new on every upload), so the answer never changes: cached for good,
  // by this browser only (it is a member's picture).
  app.get('/profile-image/:key', async (c) => {
    const image = await profiles.image(c.var.scope, c.req.param('key'));
    return c.body(new Uint8Array(image.bytes), 200, {
      'content-type': image.contentType,
      'cache-control': 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  return app;
}
