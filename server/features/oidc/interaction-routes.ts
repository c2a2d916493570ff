import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import { loginCalls } from '#server/features/login/routes.ts';
import type { LoginService } from '#server/features/login/service.ts';
import { signupEmailCall } from '#server/features/signup/routes.ts';
import type { SignupService } from '#server/features/signup/service.ts';
import { endSession } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { readForm } from '#server/platform/http/input.ts';
import { memberOf } from '#server/platform/http/member.ts';
/**
 * The interaction steps that are not pages: /oidc/loginInteraction (the provider's login prompt),
 * /oidc/selectAccountInteraction and the account choice (prompt=select_account), the consent form
 * and its abort, each answering with a redirect (303) the browser follows; and the JSON calls of
 * our sign-in and sign-up pages (decision 0023): POST /oidc/login and /oidc/login/code (the store's
 * login calls, with the interaction's `uid` instead of `redirectTo`) and POST /zapi/oidc/signup/email.
 * Each refuses an interaction that is not live (INVALID_SESSION_FLOW) before it does anything.
 */
import type { SessionService } from '#server/platform/sessions/service.ts';
import { abortForm, consentForm, interactionQuery } from './schemas.ts';
import { interactionPath, type OidcService } from './service.ts';
export function oidcInteractionRoutes(oidc: OidcService, deps: { sessions: SessionService; login: LoginService; signup: SignupService }) {
  const app = new Hono<AppEnv>();
  const where = (c: { var: AppEnv['Variables'] }) => ({ store: c.var.store, origin: c.var.origin });
  const returnTo = (c: { var: AppEnv['Variables'] }, input: Record<string, unknown>) => oidc.returnPath(where(c), input.uid as string);

  loginCalls(app, deps.login, {
    path: '/oidc/login',
    returnTo,
    codePage: (input) => interactionPath('/oidc/login/code', input.uid as string),
  });
  app.post('/zapi/oidc/signup/email', signupEmailCall(deps.signup, { key: 'POST /zapi/oidc/signup/email', returnTo }));

  const parse = <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: unknown): T => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new AppError('BAD_REQUEST');
    return parsed.data;
  };

  app.get('/oidc/loginInteraction', async (c) => {
    const { uid } = parse(interactionQuery, c.req.query());
    return c.redirect(await oidc.loginInteraction(where(c), uid, c.var.account), 303);
  });
  app.get('/oidc/selectAccountInteraction', async (c) => {
    const { uid } = parse(interactionQuery, c.req.query());
    return c.redirect(await oidc.selectAccountInteraction(where(c), uid, c.var.account?.accountId ?? null), 303);
  });
  app.post('/oidc/selectAccount/form', async (c) => {
    const { uid } = parse(abortForm, await readForm(c));
    return c.redirect(await oidc.continueAsMember(where(c), uid, memberOf(c)), 303);
  });
  app.post('/oidc/selectAccount/form/switch', async (c) => {
    const { uid } = parse(abortForm, await readForm(c));
    const next = await oidc.switchAccount(where(c), uid);
    await endSession(c, deps.sessions);
    return c.redirect(next, 303);
  });
  app.post('/oidc/consent/form', async (c) => {
    const form = parse(consentForm, await readForm(c, { all: true }));
    return c.redirect(await oidc.answerConsent(where(c), form.uid, form, c.var.account?.accountId ?? null), 303);
  });
  app.post('/oidc/consent/form/abort', async (c) => {
    const { uid } = parse(abortForm, await readForm(c));
    return c.redirect(await oidc.abort(where(c), uid, c.var.account?.accountId ?? null), 303);
  });
  return app;
}
