import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { authCodeSchema, loginCodeRequestSchema, loginPasswordSchema } from '#domain/validation/login.ts';
import type { AppEnv } from '#server/env.ts';
import { assertHuman } from '#server/features/bot-check/verifier.ts';
import { authCodeDisplayName } from '#server/features/mail/templates.ts';
import { callerOf } from '#server/http/caller.ts';
import { browserTokens, clearFlowCookie, flowToken, setFlowCookie, setSessionCookies } from '#server/http/cookies.ts';
import { parseInput, readJsonObject } from '#server/http/input.ts';
import { assertPasswordLogin, type LoginService, type SignedIn } from './service.ts';

const extra = { botToken: z.string().max(2000).optional(), redirectTo: z.string().max(2000).optional() };

/** The answer to a successful login: the session's cookies, and where to go. */
function signedIn(c: Context<AppEnv>, session: SignedIn) {
  setSessionCookies(c, session.publicId, session);
  return c.json({ redirectTo: session.redirectTo });
}

/** POST /login (password or code) and POST /login/code (send the code). */
export function loginRoutes(login: LoginService) {
  const app = new Hono<AppEnv>();

  app.post('/login', async (c) => {
    const caller = callerOf(c);
    const body = await readJsonObject(c);
    if (body.userIdentifierMethod === 'AuthCode') {
      // The code field of this form is `authCode` (spec 7).
      const input = parseInput(
        z.object({ authCode: authCodeSchema, userIdentifierMethod: z.literal('AuthCode'), ...extra }),
        body,
        ['authCode', 'userIdentifierMethod', 'emailUserId', 'botToken', 'redirectTo'],
        { authCode: authCodeDisplayName(caller.store.settings, 'login', caller.lang) },
      );
      const session = await login.withCode(caller, input, flowToken(c, 'login'), browserTokens(c));
      clearFlowCookie(c, 'login');
      return signedIn(c, session);
    }
    assertPasswordLogin(caller.store);
    const settings = caller.store.publicSettings;
    const input = parseInput(loginPasswordSchema(settings).extend(extra), body, ['emailUserId', 'password', 'botToken', 'redirectTo']);
    await assertHuman(settings.botCheck, input.botToken, { ip: caller.clientIp, action: 'login' });
    return signedIn(c, await login.withPassword(caller, input, browserTokens(c)));
  });

  app.post('/login/code', async (c) => {
    const caller = callerOf(c);
    const settings = caller.store.publicSettings;
    const body = await readJsonObject(c);
    const input = parseInput(loginCodeRequestSchema(settings).extend(extra).extend({ isAmaltheaLogin: z.boolean().optional() }), body, [
      'emailUserId',
      'isAmaltheaLogin',
      'botToken',
      'redirectTo',
    ]);
    await assertHuman(settings.botCheck, input.botToken, { ip: caller.clientIp, action: 'login' });
    const flow = await login.requestCode(caller, input, flowToken(c, 'login'));
    setFlowCookie(c, 'login', flow.token, flow.maxAgeSeconds);
    return c.json({ redirectTo: '/login/code' });
  });

  return app;
}
