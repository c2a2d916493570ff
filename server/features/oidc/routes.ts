import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { AppEnv } from '#server/env.ts';
import { runNodeHandler } from './node-bridge.ts';
import { isProtocolPath } from './paths.ts';
import type { ProviderRegistry } from './providers.ts';

/**
 * The OpenID provider's protocol endpoints (discovery, JWKS, authorization, token, userinfo,
 * revocation, logout), answered by the store's node-oidc-provider. The CSRF check skips them
 * (they are called cross-site by design and the provider protects its own forms); the session
 * middleware runs first, so the provider knows the store's signed-in member.
 */
export function oidcProtocolRoutes(providers: ProviderRegistry) {
  const app = new Hono<AppEnv>();
  app.all('*', async (c, next) => {
    if (!isProtocolPath(c.req.path)) return next();
    // A store without clients is no provider.
    if (c.var.store.settings.oidc.clients.length === 0) throw new AppError('NOT_FOUND');
    const provider = await providers.get(c.var.store, c.var.origin);
    return runNodeHandler(provider.callback(), c.req.raw, {
      origin: c.var.origin,
      remoteAddress: c.var.clientIp,
      locals: { storeAccountId: c.var.account?.accountId ?? null },
    });
  });
  return app;
}
