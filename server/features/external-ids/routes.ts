// GET /auth/authorize, GET /auth/callback, POST /auth/callback/form and
// POST /zapi/auth/social/disable (decision 0022).
import { type Context, Hono } from 'hono';
import { browserTokens, flowToken, setFlowCookie, setSessionCookies } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { parseInput, readCall, readForm } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
import { isLocalHost, serializeCookie } from '#server/platform/sessions/cookies.ts';
import { authorizeQuerySchema, CALLBACK_PARAMS, disableAnswerSchema } from './schemas.ts';
import type { ExternalIdService } from './service.ts';

/** The trip's cookie: HttpOnly, SameSite=Lax (it comes back with the provider's top-level GET redirect). */
export const EXTERNAL_FLOW_COOKIE = 'xaf';

const pick = (from: (k: string) => string | undefined) => {
  const params = new URLSearchParams();
  for (const k of CALLBACK_PARAMS) {
    const v = from(k);
    if (typeof v === 'string' && v.length <= 4000) params.set(k, v);
  }
  return params;
};

export function externalIdRoutes(service: ExternalIdService) {
  const app = new Hono<AppEnv>();
  const secure = (c: Context<AppEnv>) => !isLocalHost(c.var.host);
  const noStore = (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
  };

  app.get('/auth/authorize', async (c) => {
    const q = parseInput(authorizeQuerySchema, c.req.query(), ['userIdentifierType', 'socialActionType', 'redirectTo']);
    const started = await service.authorize(
      c.var.scope,
      {
        provider: q.userIdentifierType,
        action: q.socialActionType,
        redirectTo: q.redirectTo,
        callbackUrl: `${c.var.origin}/auth/callback`,
      },
      c.var.account,
    );
    c.header(
      'Set-Cookie',
      serializeCookie(EXTERNAL_FLOW_COOKIE, started.flowToken, { maxAgeSeconds: started.maxAgeSeconds, httpOnly: true, secure: secure(c) }),
      { append: true },
    );
    noStore(c);
    return c.redirect(started.url, 302);
  });

  app.get('/auth/callback', async (c) => {
    const outcome = await service.callback(
      c.var.scope,
      c.var.cookies.get(EXTERNAL_FLOW_COOKIE),
      pick((k) => c.req.query(k)),
      c.var.account,
      { ...browserTokens(c), signupFlow: flowToken(c, 'signUp') },
    );
    const pending = outcome.pendingIdentity;
    c.header(
      'Set-Cookie',
      serializeCookie(EXTERNAL_FLOW_COOKIE, pending?.token ?? '', {
        maxAgeSeconds: pending?.maxAgeSeconds ?? 0,
        httpOnly: true,
        secure: secure(c),
      }),
      { append: true },
    );
    if (outcome.signupFlow) setFlowCookie(c, 'signUp', outcome.signupFlow.token, outcome.signupFlow.maxAgeSeconds);
    if (outcome.session) setSessionCookies(c, outcome.session.publicId, outcome.session);
    noStore(c);
    return c.redirect(outcome.redirectTo, 303);
  });

  // response_mode=form_post arrives as a cross-site POST, without the SameSite=Lax cookie: it
  // becomes a top-level GET of /auth/callback (which has the cookie) and does nothing itself.
  app.post('/auth/callback/form', async (c) => {
    const body = await readForm(c);
    const params = pick((k) => (typeof body[k] === 'string' ? (body[k] as string) : undefined));
    noStore(c);
    return c.redirect(`/auth/callback?${params.toString()}`, 303);
  });

  app.post('/zapi/auth/social/disable', async (c) => {
    const member = memberOf(c);
    const [input] = await readCall(c, 'POST /zapi/auth/social/disable');
    const answer = await service.disable(member, input.userIdentifierType);
    return c.json(disableAnswerSchema.parse(answer));
  });

  return app;
}

/** Sign-up with an external ID, as the sign-up pages and calls see it through the browser's trip. */
export function externalSignup(service: ExternalIdService) {
  return {
    /** The identity the browser's sign-up started with (its provider's profile prefills the form), or null. */
    pending: (c: Context<AppEnv>) => service.pendingSignup(c.var.cookies.get(EXTERNAL_FLOW_COOKIE)),
    /** The choice page: a sign-up begun with an external ID ends (the viewer chooses again). */
    abandon: (c: Context<AppEnv>) => service.abandonSignup(c.var.cookies.get(EXTERNAL_FLOW_COOKIE)),
    /** After the sign-up: that identity is linked to the new member, and the trip ends. */
    async link(c: Context<AppEnv>, accountId: string) {
      const token = c.var.cookies.get(EXTERNAL_FLOW_COOKIE);
      if (!token) return;
      await service.linkPending(token, accountId);
      c.header(
        'Set-Cookie',
        serializeCookie(EXTERNAL_FLOW_COOKIE, '', { maxAgeSeconds: 0, httpOnly: true, secure: !isLocalHost(c.var.host) }),
        { append: true },
      );
    },
  };
}
export type ExternalSignup = ReturnType<typeof externalSignup>;
