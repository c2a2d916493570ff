import { Hono } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import { AppError } from '#domain/errors.ts';
import { endSession } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import type { SessionService } from '#server/platform/sessions/service.ts';
import { runNodeHandler } from './node-bridge.ts';
import { isProtocolPath } from './paths.ts';
import type { StoreLogout } from './provider.ts';
import type { ProviderRegistry } from './providers.ts';

/**
 * The viewer's origin with the host tenancy normalised (lower case, no trailing dot), the port
 * kept: the provider's endpoint URLs and cookies stay on the host the browser uses, and no Host
 * spelling is echoed back.
 */
export function viewerOrigin(origin: string, host: string): string {
  const url = new URL(origin);
  const name = host.includes(':') ? `[${host}]` : host;
  return `${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`;
}

/**
 * The provider's own pages (the form_post answer, the logout's auto-submitted form) submit
 * themselves with an inline script: it gets this answer's nonce, which the store's CSP allows
 * (the pages are the provider's templates, their values escaped by it).
 */
export const withScriptNonce = (html: string, nonce: string) => html.replaceAll('<script>', `<script nonce="${nonce}">`);

/**
 * The OpenID provider's protocol endpoints (discovery, JWKS, authorization, token, userinfo,
 * revocation, logout), answered by the store's node-oidc-provider. The CSRF check skips them
 * (they are called cross-site by design and the provider protects its own forms); the session
 * middleware runs first, so the provider knows the store's signed-in member. The answer carries
 * the security headers every answer of the store gets (HSTS, CSP with frame-ancestors, ...),
 * the provider's own headers winning where both set one.
 */
export function oidcProtocolRoutes(providers: ProviderRegistry, deps: { sessions: SessionService }) {
  const app = new Hono<AppEnv>();
  app.all('*', async (c, next) => {
    if (!isProtocolPath(c.req.path)) return next();
    // A store without clients is no provider.
    if (c.var.store.settings.oidc.clients.length === 0) throw new AppError('NOT_FOUND');
    const provider = await providers.get(c.var.store);
    const storeLogout: StoreLogout = { ended: false };
    const res = await runNodeHandler(provider.callback(), c.req.raw, {
      origin: viewerOrigin(c.var.origin, c.var.host),
      remoteAddress: c.var.clientIp,
      locals: { storeAccountId: c.var.account?.accountId ?? null, storeLogout },
    });
    // Signed out at the provider: out of the store too (its cookies cleared on this answer).
    if (storeLogout.ended) await endSession(c, deps.sessions);
    // c.newResponse merges the headers the middleware prepared with the provider's.
    const html = (res.headers.get('content-type') ?? '').startsWith('text/html');
    const body = html ? withScriptNonce(await res.text(), c.var.nonce) : res.body;
    if (html) res.headers.delete('content-length');
    return c.newResponse(body, { status: res.status as StatusCode, headers: res.headers });
  });
  return app;
}
