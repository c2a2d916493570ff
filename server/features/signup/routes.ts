import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import { emailSchema } from '#domain/validation/email.ts';
import { authCodeSchema } from '#domain/validation/login.ts';
import { policyConsentSchema } from '#domain/validation/policy-consent.ts';
import { PROFILE_FIELDS } from '#domain/validation/signup-form.ts';
import type { ExternalSignup } from '#server/features/external-ids/routes.ts';
import { assertHuman } from '#server/platform/bot-check/verifier.ts';
import { callerOf } from '#server/platform/http/caller.ts';
import { browserTokens, clearFlowCookie, flowToken, setFlowCookie, setSessionCookies } from '#server/platform/http/cookies.ts';
import type { AppEnv } from '#server/platform/http/env.ts';
import { parseInput, parseInputs, readJsonObject } from '#server/platform/http/input.ts';
import { authCodeDisplayName } from '#server/platform/mail/templates.ts';
import { returnToOf } from './return-to.ts';
import { type NewFlow, type SignupService, signupPolicies } from './service.ts';

const FORM_KEYS = [...PROFILE_FIELDS, 'customAssociatedInfo', 'password', 'passwordConfirm', 'policyConsentData', 'botToken'];
const botToken = z.string().max(2000).optional();
/** The page the sign-up began from (a plan being bought): kept when same-site, else ignored like a login's. */
const redirectTo = z.string().max(2000).optional();

/**
 * The e-mail step (POST /zapi/signup/email, and POST /zapi/oidc/signup/email with the interaction's
 * `uid`): the code is mailed and a new flow starts, which keeps where the finished sign-up returns.
 */
export function signupEmailCall(
  signup: SignupService,
  variant: {
    /** The body's fields beside the step's own. */
    extra: Record<string, z.ZodType>;
    /** Where the finished sign-up goes; undefined keeps the flow's (or the store's last steps). Throws to refuse. */
    returnTo(c: Context<AppEnv>, input: Record<string, unknown>): Promise<string | undefined>;
  },
) {
  return async (c: Context<AppEnv>) => {
    const caller = callerOf(c);
    const body = await readJsonObject(c);
    const input = parseInput(
      z.object({
        type: z.literal('signUp').optional(),
        email: emailSchema(caller.store.settings.signupFields.maxLengths.email),
        policyConsentData: policyConsentSchema(signupPolicies(c.var.store)).optional(),
        botToken,
        ...variant.extra,
      }),
      body,
      ['type', 'email', 'policyConsentData', 'botToken', ...Object.keys(variant.extra)],
    );
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
  const consentSchema = (c: Context<AppEnv>) => policyConsentSchema(signupPolicies(c.var.store));
  const setFlow = (c: Context<AppEnv>, flow: NewFlow) => setFlowCookie(c, 'signUp', flow.token, flow.maxAgeSeconds);

  app.post('/policy', async (c) => {
    const body = await readJsonObject(c);
    const input = parseInput(z.object({ policyConsentData: consentSchema(c), redirectTo }), body, ['policyConsentData', 'redirectTo']);
    const back = returnToOf(input.redirectTo) || null;
    const next = await signup.consent(callerOf(c), input.policyConsentData, flowToken(c, 'signUp'), back);
    if (next.flow) setFlow(c, next.flow);
    // Consent first in a sign-up with an external ID that gave no proven address: the way in is
    // chosen already, the address comes next.
    const chosen = next.redirectTo === '/signup/auth' && (await external?.pending(c));
    return c.json({ redirectTo: chosen ? '/signup/email' : next.redirectTo });
  });

  app.post(
    '/email',
    signupEmailCall(signup, { extra: { redirectTo }, returnTo: async (_c, input) => returnToOf(input.redirectTo) || undefined }),
  );

  app.post('/pin-code', async (c) => {
    const caller = callerOf(c);
    const body = await readJsonObject(c);
    const { pinCode } = parseInput(z.object({ pinCode: authCodeSchema }), body, ['pinCode'], {
      pinCode: authCodeDisplayName(caller.store.settings, 'signUp', caller.lang),
    });
    try {
      return c.json(await signup.proveCode(caller, pinCode, flowToken(c, 'signUp')));
    } catch (e) {
      // A registered address ends the flow.
      if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL') clearFlowCookie(c, 'signUp');
      throw e;
    }
  });

  app.post('/', async (c) => {
    const caller = callerOf(c);
    const body = await readJsonObject(c);
    const proven = await signup.provenFlow(caller, flowToken(c, 'signUp'));
    const withExternalId = (await external?.pending(c)) != null;
    const { policyConsentData, botToken: token, ...formBody } = body;
    const extras = { ...(policyConsentData !== undefined && { policyConsentData }), ...(token !== undefined && { botToken: token }) };
    const [form, input] = parseInputs([
      { schema: signup.formSchema(caller.store, { externalId: withExternalId }), value: formBody, allowed: FORM_KEYS },
      {
        schema: z.object({ policyConsentData: consentSchema(c).optional(), botToken }),
        value: extras,
        allowed: ['policyConsentData', 'botToken'],
      },
    ] as const);
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
