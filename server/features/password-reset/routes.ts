import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readCall } from '#server/platform/http/input.ts';
import type { PasswordResetService } from './service.ts';

/** POST /zapi/auth/password/forgot and /zapi/auth/password/reset. */
export function passwordResetRoutes(resets: PasswordResetService) {
  const app = new Hono<AppEnv>();
  // A store without passwords (features.password false) has no password to reset.
  app.use(async (c, next) => {
    if (!c.var.store.settings.features.password) throw new AppError('NOT_FOUND');
    await next();
  });

  app.post('/forgot', async (c) => {
    const [{ email }] = await readCall(c, 'POST /zapi/auth/password/forgot');
    await resets.request(c.var.scope, email);
    return c.json({ redirectTo: '/password/forgot/complete' });
  });

  app.post('/reset', async (c) => {
    const [input] = await readCall(c, 'POST /zapi/auth/password/reset');
    await resets.reset(input);
    return c.json({ redirectTo: '/password/reset/complete' });
  });

  return app;
}
