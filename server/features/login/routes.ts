import type { Context } from 'hono';
import { Hono } from 'hono';
import { assertHuman } from '#server/platform/bot-check/verifier.ts';
import { browserTokens, clearFlowCookie, flowToken, setFlowCookie, setSessionCookies } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { callArgs, parseCall, readCall, readJsonObject } from '#server/platform/http/input.ts';
import { authCodeDisplayName } from '#server/platform/mail/templates.ts';
import { assertPasswordLogin, type LoginService, type SignedIn } from './service.ts';

/**
 * Where the login calls at a path take the viewer: /login reads `redirectTo` from the body;
 * /oidc/login (decision 0023) reads the interaction's `uid` and returns to it. The bodies are the
 * rows `POST {path}` and `POST {path}/code` of the call table.
 */
export type LoginVariant = {
  /** The password-login path; the code request is `${path}/code`. */
  path: '/login' | '/oidc/login';
  /** Where a login of this body goes; undefined keeps the body's redirectTo (or the code flow's). Throws to refuse. */
  returnTo(c: Context<AppEnv>, input: Record<string, unknown>): Promise<string | undefined>;
  /** The page the code request leads to. */
  codePage(input: Record<string, unknown>): string;
};

/** The store's own login: back to `redirectTo` (a same-site path, else the top page). */
const storeLogin: LoginVariant = {
  path: '/login',
  returnTo: async () => undefined,
  codePage: () => '/login/code',
};

/** The answer to a successful login: the session's cookies, and where to go. */
function signedIn(c: Context<AppEnv>, session: SignedIn) {
  setSessionCookies(c, session.publicId, session);
  return c.json({ redirectTo: session.redirectTo });
}

/**
 * POST {path} (password or code) and POST {path}/code (send the code) for one variant: the same
 * schemas, bot check, throttles and flows whichever page calls them.
 */
export function loginCalls(app: Hono<AppEnv>, login: LoginService, variant: LoginVariant) {
  /** The login's own fields and the variant's, validated together (one message per field). */
  type Parsed<T> = [T, Record<string, unknown>];
  const redirectOf = (more: Record<string, unknown>) => (typeof more.redirectTo === 'string' ? more.redirectTo : undefined);
  const bot = (more: Record<string, unknown>) => (typeof more.botToken === 'string' ? more.botToken : undefined);

  app.post(variant.path, async (c) => {
    const caller = c.var.scope;
    const body = await readJsonObject(c);
    if (body.userIdentifierMethod === 'AuthCode') {
      // The code field of this form is `authCode` (spec 7).
      const [input, more] = parseCall(`POST ${variant.path}`, body, callArgs(c), {
        authCode: authCodeDisplayName(caller.store.settings, 'login', caller.lang),
      }) as Parsed<{ authCode: string; userIdentifierMethod: 'AuthCode' }>;
      const back = await variant.returnTo(c, more);
      const session = await login.withCode(caller, input, flowToken(c, 'login'), browserTokens(c));
      clearFlowCookie(c, 'login');
      return signedIn(c, back ? { ...session, redirectTo: back } : session);
    }
    assertPasswordLogin(caller.store);
    const settings = caller.store.publicSettings;
    const [input, more] = parseCall(`POST ${variant.path}`, body, callArgs(c)) as Parsed<{ emailUserId: string; password: string }>;
    await assertHuman(settings.botCheck, bot(more), { ip: caller.clientIp, action: 'login' });
    const back = (await variant.returnTo(c, more)) ?? redirectOf(more);
    return signedIn(c, await login.withPassword(caller, { ...input, redirectTo: back }, browserTokens(c)));
  });

  app.post(`${variant.path}/code`, async (c) => {
    const caller = c.var.scope;
    const settings = caller.store.publicSettings;
    const [input, more] = (await readCall(c, `POST ${variant.path}/code`)) as Parsed<{ emailUserId: string }>;
    await assertHuman(settings.botCheck, bot(more), { ip: caller.clientIp, action: 'login' });
    const back = (await variant.returnTo(c, more)) ?? redirectOf(more);
    const flow = await login.requestCode(caller, { ...input, redirectTo: back }, flowToken(c, 'login'));
    setFlowCookie(c, 'login', flow.token, flow.maxAgeSeconds);
    return c.json({ redirectTo: variant.codePage(more) });
  });
}

/** POST /login (password or code) and POST /login/code (send the code). */
export function loginRoutes(login: LoginService) {
  const app = new Hono<AppEnv>();
  loginCalls(app, login, storeLogin);
  return app;
}
