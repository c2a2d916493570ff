import { signupPrefill } from '#domain/external-ids/signup-prefill.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import type { ScreenDataInput } from '#domain/screen-data.ts';
import type { ExternalSignup } from '#server/features/external-ids/routes.ts';
import { signedInAway } from '#server/features/login/screens.ts';
import type { PlanService } from '#server/features/plans/service.ts';
import { flowToken } from '#server/platform/http/cookies.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { codeTiming } from '#server/platform/verification/code-timing.ts';
import type { CodeVerification } from '#server/platform/verification/service.ts';
import { withReturnTo } from './return-to.ts';
import { afterCodeStep } from './service.ts';

type SignupPattern =
  | '/signup'
  | '/signup/auth'
  | '/signup/email'
  | '/signup/pin-code'
  | '/signup/policy'
  | '/signup/form'
  | '/signup/plans'
  | '/signup/complete';

export function policiesFor(store: StoreContext, lang: Language) {
  return store.settings.policies.map((p) => ({
    policyId: p.policyId,
    revision: p.revision,
    key: p.key,
    title: pickText(p.title, lang),
    isExternal: p.isExternal,
    externalUrl: p.externalUrl ?? null,
    body: pickText(p.body, lang) ?? '',
  }));
}

const steps = (store: StoreContext): 3 | 4 => (store.settings.signupPolicyFirst ? 4 : 3);
const offset = (ctx: ScreenContext) => (ctx.store.settings.signupPolicyFirst ? 1 : 0);

type Step<T> = { data: T } | { redirectTo: string };

/**
 * The first steps' data, for the store's pages and the app's sign-up (/oidc/signup*, decision
 * 0023): consent first (for stores that ask for it first; `auth` when they do not), then the
 * choice of e-mail or external ID (`policy` when consent is still missing).
 */
export function signupFirstSteps(verification: CodeVerification, externalSignup?: Pick<ExternalSignup, 'abandon'>) {
  const signupFlow = async (ctx: ScreenContext) => (await verification.flowOf('signUp', flowToken(ctx.c, 'signUp')))?.flow ?? null;
  const auth = async (ctx: ScreenContext, policy: string): Promise<Step<ScreenDataInput<'/signup/auth'>>> => {
    if (ctx.store.settings.signupPolicyFirst && !(await signupFlow(ctx))?.policyConsent) return { redirectTo: policy };
    return { data: { step: 1 + offset(ctx), totalSteps: steps(ctx.store) } };
  };
  return {
    signupFlow,
    policy(ctx: ScreenContext, auth: string): Step<ScreenDataInput<'/signup'>> {
      if (!ctx.store.settings.signupPolicyFirst) return { redirectTo: auth };
      return { data: { step: 1, totalSteps: 4 as const, policies: policiesFor(ctx.store, ctx.lang) } };
    },
    auth,
    /**
     * The choice of the way in (/signup/auth, /oidc/signup/auth). Choosing again ends a sign-up
     * this browser began with an external ID (decision 0024): the external trip never leads to
     * this page, so whoever is here is starting over, and a later e-mail sign-up (another person
     * on a shared browser, say) never gets that ID linked.
     */
    async choice(ctx: ScreenContext, policy: string) {
      await externalSignup?.abandon(ctx.c);
      return auth(ctx, policy);
    },
  };
}

/** The sign-up pages (spec 4): each sends a viewer who skipped a step back to it. */
export function signupScreens(deps: {
  verification: CodeVerification;
  plans: PlanService;
  /** A sign-up with an external ID: the identity it started with (decision 0024). */
  externalSignup?: Pick<ExternalSignup, 'pending' | 'abandon'>;
}): ScreenLoaders<SignupPattern> {
  const first = signupFirstSteps(deps.verification, deps.externalSignup);
  const { signupFlow } = first;
  const pendingIdentity = async (ctx: ScreenContext) => (deps.externalSignup ? deps.externalSignup.pending(ctx.c) : null);
  const emailStep = async (ctx: ScreenContext) => signedInAway(ctx) ?? first.auth(ctx, withReturnTo('/signup', ctx.query));

  return {
    // The plan a guest was buying (?redirectTo) stays in the address of the first steps until a
    // call puts it in the sign-up flow.
    async '/signup'(ctx) {
      return signedInAway(ctx) ?? first.policy(ctx, withReturnTo('/signup/auth', ctx.query));
    },
    async '/signup/auth'(ctx) {
      return signedInAway(ctx) ?? first.choice(ctx, withReturnTo('/signup', ctx.query));
    },
    async '/signup/email'(ctx) {
      const step = await emailStep(ctx);
      if ('redirectTo' in step) return step;
      // An external ID without a verified address: its address (if any) to prove by code.
      const identity = await pendingIdentity(ctx);
      return identity ? { data: { ...step.data, externalId: { provider: identity.provider, email: identity.email } } } : step;
    },
    async '/signup/pin-code'(ctx) {
      const flow = await signupFlow(ctx);
      if (!flow?.email) return { redirectTo: '/signup/email' };
      return { data: { step: 1 + offset(ctx), totalSteps: steps(ctx.store), email: flow.email, ...codeTiming(ctx.store) } };
    },
    async '/signup/policy'(ctx) {
      const flow = await signupFlow(ctx);
      if (!flow?.emailVerifiedAt) return { redirectTo: '/signup/email' };
      return { data: { step: 2 + offset(ctx), totalSteps: steps(ctx.store), policies: policiesFor(ctx.store, ctx.lang) } };
    },
    async '/signup/form'(ctx) {
      const flow = await signupFlow(ctx);
      if (!flow?.email || !flow.emailVerifiedAt) return { redirectTo: '/signup/email' };
      if (afterCodeStep(flow, ctx.store) === '/signup/policy') return { redirectTo: '/signup/policy' };
      const data = { step: 2 + offset(ctx), totalSteps: steps(ctx.store), email: flow.email };
      const identity = await pendingIdentity(ctx);
      if (!identity) return { data };
      // What the provider gave starts the form (the viewer may change it).
      return {
        data: { ...data, externalId: { provider: identity.provider, defaults: signupPrefill(identity, ctx.store.publicSettings) } },
      };
    },
    async '/signup/plans'(ctx) {
      if (!ctx.account) return { redirectTo: '/login?redirectTo=%2Fsignup%2Fplans' };
      // The app hides plans (spec 6): its sign-up ends without them.
      if (ctx.browserInfo.isApp) return { redirectTo: '/signup/complete' };
      const plans = await deps.plans.listCards(ctx.store, ctx.lang, ctx.now, ctx.account.accountId);
      return { data: { step: 3 + offset(ctx), totalSteps: steps(ctx.store), plans } };
    },
    async '/signup/complete'(ctx) {
      return ctx.account ? { data: { step: steps(ctx.store), totalSteps: steps(ctx.store) } } : { redirectTo: '/' };
    },
  };
}
