import type { Context } from 'hono';
import { Hono } from 'hono';
import { AppError } from '#domain/errors.ts';
import type { ExternalSignup } from '#server/features/external-ids/routes.ts';
import { assertHuman } from '#server/platform/bot-check/verifier.ts';
import { browserTokens, clearFlowCookie, flowToken, setFlowCookie, setSessionCookies } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { callArgs, parseCall, readCall, readJsonObject } from '#server/platform/http/input.ts';
import { authCodeDisplayName } from '#server/platform/mail/templates.ts';
import { returnToOf } from './return-to.ts';
import type { NewFlow, SignupService } from './service.ts';

/**
 * The e-mail step (POST /zapi/signup/email, and POST /zapi/oidc/signup/email with the interaction's
 * `uid`): the code is mailed and a new flow starts, which keeps where the finished sign-up returns.
 */
export function signupEmailCall(
  signup: SignupService,
  variant: {
    /** The row of the call table: the store's step, or an app's sign-in's (with the interaction's uid). */
    key: 'POST /zapi/signup/email' | 'POST /zapi/oidc/signup/email';
    /** Where the finished sign-up goes; undefined keeps the flow's (or the store's last steps). Throws to refuse. */
    returnTo(c: Context<AppEnv>, input: Record<string, unknown>): Promise<string | undefined>;
  },
) {
  return async (c: Context<AppEnv>) => {
    const caller = c.var.scope;
    const [input] = await readCall(c, variant.key);
    await assertHuman(caller.store.settings.botCheck, input.botToken, { ip: caller.clientIp, action: 'signup' });
    const redirectTo = await variant.returnTo(c, input);
    const flow = await signup.startWithEmail(caller, { ...input, redirectTo }, flowToken(c, 'signUp'));
    setFlowCookie(c, 'signUp', flow.token, flow.maxAgeSeconds);
    return c.json({ redirectTo: '/signup/pin-code' });
  };
}

/** The sign-up calls of spec section 7. */
export function signupRoutes(
  signup: SignupService,
  /** Sign-up with an external ID: no password is set (the ID is the way in), and the ID is linked once the member exists. */
  external?: ExternalSignup,
) {
  const app = new Hono<AppEnv>();
  const setFlow = (c: Context<AppEnv>, flow: NewFlow) => setFlowCookie(c, 'signUp', flow.token, flow.maxAgeSeconds);

  app.post('/policy', async (c) => {
    const [input] = await readCall(c, 'POST /zapi/signup/policy');
    const back = returnToOf(input.redirectTo) || null;
    const next = await signup.consent(input.policyConsentData, flowToken(c, 'signUp'), back);
    if (next.flow) setFlow(c, next.flow);
    // Consent first in a sign-up with an external ID that gave no proven address: the way in is
    // chosen already, the address comes next.
    const chosen = next.redirectTo === '/signup/auth' && (await external?.pending(c));
    return c.json({ redirectTo: chosen ? '/signup/email' : next.redirectTo });
  });

  app.post(
    '/email',
    signupEmailCall(signup, {
      key: 'POST /zapi/signup/email',
      returnTo: async (_c, input) => returnToOf(input.redirectTo as string | undefined) || undefined,
    }),
  );

  app.post('/pin-code', async (c) => {
    const caller = c.var.scope;
    const [{ pinCode }] = await readCall(
      c,
      'POST /zapi/signup/pin-code',
      {},
      { pinCode: authCodeDisplayName(caller.store.settings, 'signUp', caller.lang) },
    );
    try {
      return c.json(await signup.proveCode(caller, pinCode, flowToken(c, 'signUp')));
    } catch (e) {
      // A registered address ends the flow.
      if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL') clearFlowCookie(c, 'signUp');
      throw e;
    }
  });

  app.post('/', async (c) => {
    const caller = c.var.scope;
    const body = await readJsonObject(c);
    const proven = await signup.provenFlow(flowToken(c, 'signUp'));
    const withExternalId = (await external?.pending(c)) != null;
    const [form, input] = parseCall('POST /zapi/signup', body, callArgs(c, { now: signup.now(), externalId: withExternalId }));
    await assertHuman(caller.store.settings.botCheck, input.botToken, { ip: caller.clientIp, action: 'signup' });
    const done = await signup.complete(
      caller,
      proven,
      { form, consents: input.policyConsentData, isApp: c.var.browserInfo.isApp },
      browserTokens(c),
    );
    clearFlowCookie(c, 'signUp');
    await external?.link(c, done.accountId);
    setSessionCookies(c, done.publicId, done.session);
    return c.json({ redirectTo: done.redirectTo });
  });

  return app;
}
