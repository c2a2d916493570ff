import { isListed } from '#domain/commerce/plan-offer.ts';
import { AppError } from '#domain/errors.ts';
import { safeRedirect } from '#domain/safe-redirect.ts';
import type { PolicyConsent } from '#domain/validation/policy-consent.ts';
import type { SignupFormValues } from '#domain/validation/signup-form.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import type { Flow, FlowRepo } from '#server/platform/flows/repo.ts';
import type { StoreMail } from '#server/platform/mail/store-mail.ts';
import type { BrowserTokens, SessionService } from '#server/platform/sessions/service.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { CodeVerification } from '#server/platform/verification/service.ts';
import { createMember } from './create-member.ts';

/** A sign-up may take a while (reading policies, filling the form): the flow lives two hours. */
export const SIGNUP_FLOW_MINUTES = 120;

/** The policies a sign-up asks consent to (terms and privacy, at their current revisions). */
export const signupPolicies = (store: StoreContext) => store.settings.policies;

/** Where the viewer goes after the code is proven: the policy step unless consent was given first. */
export function afterCodeStep(flow: Pick<Flow, 'policyConsent'>, store: StoreContext): string {
  const needsPolicy = signupPolicies(store).length > 0 && !flow.policyConsent;
  return needsPolicy ? '/signup/policy' : '/signup/form';
}

const expired = () => new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });

/** A flow the browser must set as its cookie (a new one replaces the old). */
export type NewFlow = { token: string; maxAgeSeconds: number };

/** The sign-up steps of spec 4: policy, e-mail, code, form. Flow tokens come from the browser's cookie. */
export function createSignupService(deps: {
  accounts: AccountRepo;
  flows: FlowRepo;
  sessions: SessionService;
  verification: CodeVerification;
  mail: StoreMail;
  clock: () => Date;
}) {
  const { flows, clock } = deps;
  const expires = () => new Date(clock().getTime() + SIGNUP_FLOW_MINUTES * 60_000);
  const newFlow = async (values: Partial<Flow>): Promise<NewFlow> => ({
    token: await flows.create('signUp', values, expires()),
    maxAgeSeconds: SIGNUP_FLOW_MINUTES * 60,
  });
  const flowOf = (token: string | undefined) => deps.verification.flowOf('signUp', token);

  return {
    /** Today, for the form's row of the call table (birthdays are checked against it). */
    now: () => clock(),

    /** The live flow, or SIGNUP_FLOW_EXPIRED; the form step needs the address proven by its code. */
    async provenFlow(token: string | undefined) {
      const found = await flowOf(token);
      if (!found?.flow.email || !found.flow.emailVerifiedAt) throw expired();
      return { ...found, email: found.flow.email };
    },

    /** Policy step: first, for stores that show it first (a new flow), or after the code. */
    async consent(
      consents: PolicyConsent[],
      token: string | undefined,
      /** Where the finished sign-up returns (the plan being bought), when the page carried one. */
      returnTo: string | null = null,
    ): Promise<{ redirectTo: string; flow?: NewFlow }> {
      const found = await flowOf(token);
      if (found?.flow.emailVerifiedAt) {
        await flows.update('signUp', found.token, { policyConsent: consents });
        return { redirectTo: '/signup/form' };
      }
      if (found) await flows.delete('signUp', found.token);
      // Where the finished sign-up returns (an app's sign-in, decision 0023) stays with the new flow.
      const redirectTo = returnTo ?? found?.flow.redirectTo ?? null;
      return { redirectTo: '/signup/auth', flow: await newFlow({ policyConsent: consents, redirectTo }) };
    },

    /**
     * Mails a sign-up code and starts over with this address: a new e-mail needs its own code.
     * `redirectTo` (an app's sign-in, decision 0023) is where the finished sign-up returns; without
     * it the flow's own stays.
     */
    async startWithEmail(
      caller: Scope,
      input: { email: string; policyConsentData?: PolicyConsent[]; redirectTo?: string },
      token: string | undefined,
    ) {
      const found = await flowOf(token);
      const policyConsent = input.policyConsentData ?? found?.flow.policyConsent ?? null;
      if (caller.store.settings.signupPolicyFirst && !policyConsent) throw expired();
      // The answer is the same whether or not the address is a member already.
      await deps.verification.send(caller, 'signUp', input.email);
      // Nothing proven for the old address carries over.
      if (found) await flows.delete('signUp', found.token);
      return newFlow({ email: input.email, policyConsent, redirectTo: input.redirectTo ?? found?.flow.redirectTo ?? null });
    },

    /**
     * Proves the address with its code. Only now may the viewer learn that it is registered
     * already: then the flow ends (the caller clears its cookie) with ACCOUNT_ALREADY_EXISTS_EMAIL.
     */
    async proveCode(caller: Scope, pinCode: string, token: string | undefined): Promise<{ redirectTo: string }> {
      const found = await flowOf(token);
      if (!found) throw expired();
      const { flow } = found;
      if (!flow.email) throw expired();
      await deps.verification.check(caller, 'signUp', { token: found.token, flow, email: flow.email, code: pinCode });
      if (await deps.accounts.emailExists(flow.email)) {
        await flows.delete('signUp', found.token);
        throw new AppError('ACCOUNT_ALREADY_EXISTS_EMAIL', {
          message: 'signup.emailExistsSummary',
          fields: { pinCode: 'signup.emailExists' },
        });
      }
      await flows.update('signUp', found.token, { emailVerifiedAt: clock() });
      return { redirectTo: afterCodeStep(flow, caller.store) };
    },

    /** Creates the member from the validated form, ends the flow, signs them in and welcomes them. */
    async complete(
      caller: Scope,
      proven: { token: string; email: string; flow: Flow },
      input: { form: SignupFormValues; consents: PolicyConsent[] | undefined; isApp: boolean },
      browser: BrowserTokens,
    ) {
      const { store } = caller;
      const consents = input.consents ?? proven.flow.policyConsent;
      if (!consents && signupPolicies(store).length > 0)
        throw new AppError('VALIDATION_FAILED', { fields: { policyConsentData: 'policy.agreeRequired' } });
      const account = await createMember(
        { accounts: deps.accounts, clock },
        {
          email: proven.email,
          form: input.form,
          consents: consents ?? [],
          language: caller.lang,
        },
      );
      await flows.delete('signUp', proven.token);
      const session = await deps.sessions.signIn(account.id, browser);
      await deps.mail.send(
        store.settings,
        'welcome',
        account.email,
        { loginUrl: `${deps.mail.origin(store.settings)}/login` },
        { lang: caller.lang },
      );
      // The app hides plans (spec 6), so its sign-up goes straight to the end. A sign-up for an
      // app's sign-in returns to it (decision 0023).
      const hasPlans = store.settings.plans.some(isListed) && !input.isApp;
      const next = safeRedirect(proven.flow.redirectTo, hasPlans ? '/signup/plans' : '/signup/complete');
      return {
        session: { ...session, ttlSeconds: deps.sessions.ttlSeconds },
        publicId: account.publicId,
        accountId: account.id,
        redirectTo: next,
      };
    },
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
