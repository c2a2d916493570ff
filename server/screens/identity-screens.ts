import type { z } from 'zod';
import { AppError } from '#domain/errors.ts';
import {
  loginCodeScreenSchema,
  loginScreenSchema,
  logoutScreenSchema,
  outboxScreenSchema,
  passwordForgotScreenSchema,
  passwordResetCompleteScreenSchema,
  passwordResetScreenSchema,
  signupFormScreenSchema,
  signupPinCodeScreenSchema,
  signupPlansScreenSchema,
  signupPolicyScreenSchema,
  signupStepScreenSchema,
} from '#domain/identity-screens.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { endSession } from '#server/features/identity/http.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';
import { LOGIN_FLOW_COOKIE } from '#server/features/login/code-issue.ts';
import type { PasswordResetRepo } from '#server/features/password-reset/repo.ts';
import { RESET_LINK_MINUTES } from '#server/features/password-reset/routes.ts';
import type { PlanService } from '#server/features/plans/service.ts';
import { afterCodeStep, SIGNUP_FLOW_COOKIE } from '#server/features/signup/service.ts';
import { safeRedirect } from '#server/http/input.ts';
import { isDirectLocalRequest } from '#server/http/loopback.ts';
import type { StoreContext } from '#server/tenancy/store-cache.ts';
import type { ScreenContext, ScreenRoute } from './types.ts';

/** The codes' resend countdown and "not arrived?" hint (spec 4, 9). */
export const RESEND_COUNTDOWN_SECONDS = 30;
export const RESEND_HINT_MINUTES = 5;
/** The reset page hints at checking the mail if it has not come within this many minutes (spec 4, 9). */
export const RESET_MAIL_HINT_MINUTES = 15;
/** The logout page goes to the top after this many seconds (spec 4). */
export const LOGOUT_REDIRECT_SECONDS = 10;

/** The page data, parsed with its screen's schema: a loader that drifts from the contract fails loudly. */
const data = <S extends z.ZodType>(schema: S, d: z.input<S>) => ({ data: schema.parse(d) });

/** a***@example.jp: enough for the viewer to recognise the address on the code page. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

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

export function identityScreens(deps: { ids: IdentityServices; resets: PasswordResetRepo; planService: PlanService }): ScreenRoute[] {
  const { ids } = deps;
  const signupFlow = (ctx: ScreenContext) =>
    ids.flows.find(ctx.store.storeId, 'signUp', ctx.c.var.cookies.get(SIGNUP_FLOW_COOKIE), ctx.now);
  const codeInfo = (ctx: ScreenContext) => ({
    validityMinutes: ctx.store.settings.authCode.validityMinutes,
    resendCountdownSeconds: RESEND_COUNTDOWN_SECONDS,
    resendHintMinutes: RESEND_HINT_MINUTES,
  });
  const signedInAway = (ctx: ScreenContext) => (ctx.account ? { redirectTo: safeRedirect(ctx.query.get('redirectTo')) } : null);
  const passwordsOff = (ctx: ScreenContext) => (ctx.store.settings.features.password ? null : { redirectTo: '/login' });
  const offset = (ctx: ScreenContext) => (ctx.store.settings.signupPolicyFirst ? 1 : 0);

  return [
    {
      pattern: '/login',
      async load(ctx) {
        const away = signedInAway(ctx);
        if (away) return away;
        const asked = ctx.query.get('loginType');
        const loginType = asked === 'authCode' || asked === 'password' ? asked : ctx.store.settings.defaultLoginType;
        // `returnTo`, not `redirectTo`: a redirectTo field in screen data means "go there now".
        return data(loginScreenSchema, { loginType, returnTo: safeRedirect(ctx.query.get('redirectTo'), '') });
      },
    },
    {
      pattern: '/login/code',
      async load(ctx) {
        const flow = await ids.flows.find(ctx.store.storeId, 'login', ctx.c.var.cookies.get(LOGIN_FLOW_COOKIE), ctx.now);
        if (!flow?.identifier) return { redirectTo: '/login?loginType=authCode' };
        // Shown only when the viewer typed an address: for a user ID, showing the member's address
        // (or its absence) would tell strangers which IDs exist.
        return data(loginCodeScreenSchema, {
          maskedEmail: flow.identifier.includes('@') ? maskEmail(flow.identifier) : null,
          ...codeInfo(ctx),
        });
      },
    },
    {
      pattern: '/logout',
      async load(ctx) {
        // GET ends the session only for the viewer's own navigation, never for a cross-site embed.
        // A member who came from elsewhere stays signed in and is asked to confirm.
        const site = ctx.c.req.header('sec-fetch-site');
        const own = site === undefined || site === 'same-origin' || site === 'none';
        if (own) await endSession(ctx.c, ids);
        return data(logoutScreenSchema, { redirectSeconds: LOGOUT_REDIRECT_SECONDS, loggedOut: own || ctx.account === null });
      },
    },
    {
      pattern: '/signup',
      async load(ctx) {
        const away = signedInAway(ctx);
        if (away) return away;
        if (!ctx.store.settings.signupPolicyFirst) return { redirectTo: '/signup/auth' };
        return data(signupPolicyScreenSchema, { step: 1, totalSteps: 4, policies: policiesFor(ctx.store, ctx.lang) });
      },
    },
    {
      pattern: '/signup/auth',
      async load(ctx) {
        const away = signedInAway(ctx);
        if (away) return away;
        if (ctx.store.settings.signupPolicyFirst && !(await signupFlow(ctx))?.policyConsent) return { redirectTo: '/signup' };
        return data(signupStepScreenSchema, { step: 1 + offset(ctx), totalSteps: steps(ctx.store) });
      },
    },
    {
      pattern: '/signup/email',
      async load(ctx) {
        const away = signedInAway(ctx);
        if (away) return away;
        if (ctx.store.settings.signupPolicyFirst && !(await signupFlow(ctx))?.policyConsent) return { redirectTo: '/signup' };
        return data(signupStepScreenSchema, { step: 1 + offset(ctx), totalSteps: steps(ctx.store) });
      },
    },
    {
      pattern: '/signup/pin-code',
      async load(ctx) {
        const flow = await signupFlow(ctx);
        if (!flow?.email) return { redirectTo: '/signup/email' };
        return data(signupPinCodeScreenSchema, {
          step: 1 + offset(ctx),
          totalSteps: steps(ctx.store),
          email: flow.email,
          ...codeInfo(ctx),
        });
      },
    },
    {
      pattern: '/signup/policy',
      async load(ctx) {
        const flow = await signupFlow(ctx);
        if (!flow?.emailVerifiedAt) return { redirectTo: '/signup/email' };
        return data(signupPolicyScreenSchema, {
          step: 2 + offset(ctx),
          totalSteps: steps(ctx.store),
          policies: policiesFor(ctx.store, ctx.lang),
        });
      },
    },
    {
      pattern: '/signup/form',
      async load(ctx) {
        const flow = await signupFlow(ctx);
        if (!flow?.email || !flow.emailVerifiedAt) return { redirectTo: '/signup/email' };
        if (afterCodeStep(flow, ctx.store) === '/signup/policy') return { redirectTo: '/signup/policy' };
        return data(signupFormScreenSchema, { step: 2 + offset(ctx), totalSteps: steps(ctx.store), email: flow.email });
      },
    },
    {
      pattern: '/signup/plans',
      async load(ctx) {
        if (!ctx.account) return { redirectTo: '/login?redirectTo=%2Fsignup%2Fplans' };
        // The app hides plans (spec 6): its sign-up ends without them.
        if (ctx.browserInfo.isApp) return { redirectTo: '/signup/complete' };
        const plans = await deps.planService.listCards(ctx.store, ctx.lang, ctx.now);
        return data(signupPlansScreenSchema, { step: 3 + offset(ctx), totalSteps: steps(ctx.store), plans });
      },
    },
    {
      pattern: '/signup/complete',
      load: async (ctx) =>
        ctx.account ? data(signupStepScreenSchema, { step: steps(ctx.store), totalSteps: steps(ctx.store) }) : { redirectTo: '/' },
    },
    // A store without passwords (features.password false) has no reset: its pages lead to login.
    {
      pattern: '/password/forgot',
      load: async (ctx) => passwordsOff(ctx) ?? data(passwordForgotScreenSchema, { hintMinutes: RESET_MAIL_HINT_MINUTES }),
    },
    {
      pattern: '/password/forgot/complete',
      load: async (ctx) => passwordsOff(ctx) ?? data(passwordForgotScreenSchema, { hintMinutes: RESET_MAIL_HINT_MINUTES }),
    },
    {
      pattern: '/password/reset',
      async load(ctx) {
        const off = passwordsOff(ctx);
        if (off) return off;
        const token = ctx.query.get('token') ?? '';
        const valid = token !== '' && (await deps.resets.find(ctx.store.storeId, token, ctx.now)) !== null;
        return data(passwordResetScreenSchema, { tokenValid: valid, validityMinutes: RESET_LINK_MINUTES });
      },
    },
    { pattern: '/password/reset/complete', load: async (ctx) => passwordsOff(ctx) ?? data(passwordResetCompleteScreenSchema, {}) },
    // Legacy addresses (spec 2) lead to the new pages, keeping the token.
    { pattern: '/forgetpassword', load: async () => ({ redirectTo: '/password/forgot' }) },
    {
      pattern: '/newpassword',
      async load(ctx) {
        const token = ctx.query.get('token');
        return { redirectTo: token ? `/password/reset?token=${encodeURIComponent(token)}` : '/password/forgot' };
      },
    },
    {
      pattern: '/dev/outbox',
      async load(ctx) {
        // Codes and reset links: anyone else gets the 404 of a store without an outbox.
        const { outboxPage, TRUST_PROXY } = ids.config;
        const allowed = outboxPage === 'any' || (outboxPage === 'local' && isDirectLocalRequest(ctx.c, TRUST_PROXY));
        if (!allowed) throw new AppError('NOT_FOUND');
        const mails = await ids.mailer.listOutbox(ctx.store.storeId, { limit: 50 });
        return data(outboxScreenSchema, {
          mails: mails.map((m) => ({
            id: m.id,
            to: m.to,
            from: m.from,
            subject: m.subject,
            text: m.text,
            kind: m.kind,
            createdAt: m.createdAt.toISOString(),
          })),
        });
      },
    },
  ];
}
