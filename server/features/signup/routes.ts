import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import { emailSchema } from '#domain/validation/email.ts';
import { authCodeSchema } from '#domain/validation/login.ts';
import { policyConsentSchema } from '#domain/validation/policy-consent.ts';
import { userIdField } from '#domain/validation/profile-fields.ts';
import { PROFILE_FIELDS, signupFormSchema } from '#domain/validation/signup-form.ts';
import type { AppEnv } from '#server/env.ts';
import { checkCodeInFlow } from '#server/features/auth/code-check.ts';
import { tooManyRequests } from '#server/features/auth/rate-limit.ts';
import { assertHuman } from '#server/features/bot-check/verifier.ts';
import { clearFlowCookie, setFlowCookie, startSession } from '#server/features/identity/http.ts';
import { mailOrigin, sendStoreMail } from '#server/features/identity/mail.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import { resendLoginCode } from '#server/features/login/code-issue.ts';
import { authCodeDisplayName } from '#server/features/mail/templates.ts';
import { tokenHash } from '#server/features/sessions/repo.ts';
import { clientIp, parseInput, parseInputs, readJsonObject } from '#server/http/input.ts';
import { afterCodeStep, createMember, SIGNUP_FLOW_COOKIE, SIGNUP_FLOW_MINUTES, signupPolicies } from './service.ts';

const FORM_KEYS = [...PROFILE_FIELDS, 'customAssociatedInfo', 'password', 'passwordConfirm', 'policyConsentData', 'botToken'];

/** The sign-up calls of spec section 7. */
export function signupRoutes(ids: IdentityServices) {
  const app = new Hono<AppEnv>();
  const flowOf = async (c: Context<AppEnv>) => {
    const token = c.var.cookies.get(SIGNUP_FLOW_COOKIE);
    const flow = await ids.flows.find(c.var.store.storeId, 'signUp', token, ids.clock());
    return flow && token ? { flow, token } : null;
  };
  const requireFlow = async (c: Context<AppEnv>) => {
    const found = await flowOf(c);
    if (!found) throw new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });
    return found;
  };
  const consentSchema = (c: Context<AppEnv>) => policyConsentSchema(signupPolicies(c.var.store));
  const expires = () => new Date(ids.clock().getTime() + SIGNUP_FLOW_MINUTES * 60_000);

  /**
   * Mails a sign-up code; the answer is the same whether or not the address is a member already.
   * A mail the SMTP server refused is reported (spec 8, "sending failed"), before any flow changes:
   * every address gets a sign-up code, so saying so reveals nothing about membership.
   */
  async function sendCode(c: Context<AppEnv>, email: string) {
    const storeId = c.var.store.storeId;
    await ids.sendLimits.request({ storeId, clientIp: clientIp(c, ids.config.TRUST_PROXY), purpose: 'signUp', name: email });
    // Past the address's hourly cap no new mail goes out; the code already sent stays usable.
    if (!(await ids.sendLimits.addressAllows(storeId, 'signUp', email))) return;
    const minutes = c.var.store.settings.authCode.validityMinutes;
    const { code } = await (await ids.codes()).issue({ storeId, email, purpose: 'signUp', validityMinutes: minutes });
    const sent = await sendStoreMail(
      c,
      ids,
      'authCode',
      email,
      { code, purpose: 'signUp', validityMinutes: minutes },
      { devLog: { code } },
    );
    if (sent.status === 'failed') throw new AppError('SERVICE_UNAVAILABLE', { message: 'authCode.sendFailed' });
  }

  // Policy step (first, for stores that show it first; or after the code).
  app.post('/signup/policy', async (c) => {
    const body = await readJsonObject(c);
    const { policyConsentData } = parseInput(z.object({ policyConsentData: consentSchema(c) }), body, ['policyConsentData']);
    const found = await flowOf(c);
    if (found?.flow.emailVerifiedAt) {
      await ids.flows.update(c.var.store.storeId, 'signUp', found.token, { policyConsent: policyConsentData });
      return c.json({ redirectTo: '/signup/form' });
    }
    if (found) await ids.flows.delete(c.var.store.storeId, 'signUp', found.token);
    const token = await ids.flows.create(c.var.store.storeId, 'signUp', { policyConsent: policyConsentData }, expires());
    setFlowCookie(c, SIGNUP_FLOW_COOKIE, token, SIGNUP_FLOW_MINUTES * 60);
    return c.json({ redirectTo: '/signup/auth' });
  });

  app.post('/signup/email', async (c) => {
    const max = c.var.store.settings.signupFields.maxLengths.email;
    const body = await readJsonObject(c);
    const input = parseInput(
      z.object({
        type: z.literal('signUp').optional(),
        email: emailSchema(max),
        policyConsentData: consentSchema(c).optional(),
        botToken: z.string().max(2000).optional(),
      }),
      body,
      ['type', 'email', 'policyConsentData', 'botToken'],
    );
    await assertHuman(c.var.store.settings.botCheck, input.botToken, { ip: clientIp(c, ids.config.TRUST_PROXY), action: 'signup' });
    const found = await flowOf(c);
    const policyConsent = input.policyConsentData ?? found?.flow.policyConsent ?? null;
    if (c.var.store.settings.signupPolicyFirst && !policyConsent) throw new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });
    await sendCode(c, input.email);
    // A new e-mail starts over: it needs its own code, and nothing proven for the old one carries over.
    if (found) await ids.flows.delete(c.var.store.storeId, 'signUp', found.token);
    const token = await ids.flows.create(c.var.store.storeId, 'signUp', { email: input.email, policyConsent }, expires());
    setFlowCookie(c, SIGNUP_FLOW_COOKIE, token, SIGNUP_FLOW_MINUTES * 60);
    return c.json({ redirectTo: '/signup/pin-code' });
  });

  app.post('/signup/pin-code', async (c) => {
    const body = await readJsonObject(c);
    const { pinCode } = parseInput(z.object({ pinCode: authCodeSchema }), body, ['pinCode'], {
      pinCode: authCodeDisplayName(c.var.store.settings, 'signUp', c.var.lang),
    });
    const { flow, token } = await requireFlow(c);
    if (!flow.email) throw new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });
    await checkCodeInFlow(ids, {
      storeId: c.var.store.storeId,
      kind: 'signUp',
      token,
      flow,
      email: flow.email,
      purpose: 'signUp',
      code: pinCode,
      clientIp: clientIp(c, ids.config.TRUST_PROXY),
      field: 'pinCode',
    });
    // Only now, with the address proven, may the viewer learn that it is registered already.
    if (await ids.accounts.emailExists(c.var.store.storeId, flow.email)) {
      await ids.flows.delete(c.var.store.storeId, 'signUp', token);
      clearFlowCookie(c, SIGNUP_FLOW_COOKIE);
      throw new AppError('ACCOUNT_ALREADY_EXISTS_EMAIL', {
        message: 'signup.emailExistsSummary',
        fields: { pinCode: 'signup.emailExists' },
      });
    }
    await ids.flows.update(c.var.store.storeId, 'signUp', token, { emailVerifiedAt: ids.clock() });
    return c.json({ redirectTo: afterCodeStep(flow, c.var.store) });
  });

  app.post('/signup', async (c) => {
    const store = c.var.store;
    const body = await readJsonObject(c);
    const { flow, token } = await requireFlow(c);
    if (!flow.email || !flow.emailVerifiedAt) throw new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });
    const { policyConsentData, botToken, ...formBody } = body;
    const extras = { ...(policyConsentData !== undefined && { policyConsentData }), ...(botToken !== undefined && { botToken }) };
    const [form, input] = parseInputs([
      { schema: signupFormSchema(store.publicSettings, { now: ids.clock() }), value: formBody, allowed: FORM_KEYS },
      {
        schema: z.object({ policyConsentData: consentSchema(c).optional(), botToken: z.string().max(2000).optional() }),
        value: extras,
        allowed: ['policyConsentData', 'botToken'],
      },
    ] as const);
    await assertHuman(store.settings.botCheck, input.botToken, { ip: clientIp(c, ids.config.TRUST_PROXY), action: 'signup' });
    const consents = input.policyConsentData ?? flow.policyConsent;
    if (!consents && signupPolicies(store).length > 0)
      throw new AppError('VALIDATION_FAILED', { fields: { policyConsentData: 'policy.agreeRequired' } });
    const account = await createMember(ids, store, { email: flow.email, form, consents: consents ?? [], language: c.var.lang });
    await ids.flows.delete(c.var.store.storeId, 'signUp', token);
    clearFlowCookie(c, SIGNUP_FLOW_COOKIE);
    await startSession(c, ids, account);
    await sendStoreMail(c, ids, 'welcome', account.email, { loginUrl: `${mailOrigin(ids, store.settings)}/login` });
    // The app hides plans (spec 6), so its sign-up goes straight to the end.
    const hasPlans = store.settings.plans.some((p) => p.visible) && !c.var.browserInfo.isApp;
    return c.json({ redirectTo: hasPlans ? '/signup/plans' : '/signup/complete' });
  });

  // The availability check is for someone choosing an ID: a viewer on the sign-up form (the
  // e-mail already proven by its code) or a signed-in member. It is throttled like a login, since
  // its answer says whether an ID belongs to a member.
  app.post('/account/user-id/verify', async (c) => {
    const body = await readJsonObject(c);
    const { userId } = parseInput(z.object({ userId: userIdField('REQUIRED') }), body, ['userId']);
    if (!c.var.store.settings.features.userId) throw new AppError('NOT_FOUND');
    const storeId = c.var.store.storeId;
    let who: string;
    if (c.var.account) who = `uidcheck:acct:${storeId}:${c.var.account.accountId}`;
    else {
      const found = await flowOf(c);
      if (!found?.flow.emailVerifiedAt) throw new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });
      who = `uidcheck:flow:${storeId}:${tokenHash(found.token)}`;
    }
    const keys = { storeId, account: who, address: `uidcheck:ip:${storeId}:${clientIp(c, ids.config.TRUST_PROXY)}` };
    const now = ids.clock();
    const decision = await ids.userIdCheckThrottle.check(keys, now);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    await ids.userIdCheckThrottle.recordFailure(keys, now);
    const owner = userId ? await ids.accounts.findByUserId(c.var.store.storeId, userId) : null;
    if (owner && owner.id !== c.var.account?.accountId) {
      throw new AppError('ACCOUNT_ALREADY_EXISTS_USER_ID', { message: 'signup.userIdExists', fields: { userId: 'signup.userIdExists' } });
    }
    return c.json({ available: true });
  });

  // Resending a code (spec: POST /zapi/account/email/send-pin-code). Member purposes arrive with My Page.
  app.post('/account/email/send-pin-code', async (c) => {
    const body = await readJsonObject(c);
    const max = c.var.store.settings.signupFields.maxLengths.email;
    const input = parseInput(
      z.object({
        email: emailSchema(max).optional(),
        type: z.enum(['signUp', 'mailEdit', 'withdraw', 'login', 'passwordSetting'], { error: 'common.invalidOption' }),
      }),
      body,
      ['email', 'type'],
    );
    if (input.type === 'signUp') {
      const { flow, token } = await requireFlow(c);
      if (!flow.email || (input.email && input.email !== flow.email))
        throw new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });
      await sendCode(c, flow.email);
      // A new code gives the flow its 5 tries again (the client's own limit still holds).
      await ids.flows.update(c.var.store.storeId, 'signUp', token, { failedAttempts: 0 });
      return c.json({ ok: true });
    }
    if (input.type === 'login') return c.json(await resendLoginCode(c, ids));
    throw new AppError('UNAUTHORIZED');
  });

  return app;
}
