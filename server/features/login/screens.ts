import { safeRedirect } from '#domain/safe-redirect.ts';
import { endSession, flowToken } from '#server/platform/http/cookies.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { SessionService } from '#server/platform/sessions/service.ts';
import { codeTiming } from '#server/platform/verification/code-timing.ts';
import type { CodeVerification } from '#server/platform/verification/service.ts';

/** The logout page goes to the top after this many seconds (spec 4). */
export const LOGOUT_REDIRECT_SECONDS = 10;

/** a***@example.jp: enough for the viewer to recognise the address on the code page. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

/** A signed-in viewer has no business on the guest pages: on to where they were going. */
export const signedInAway = (ctx: ScreenContext) => (ctx.account ? { redirectTo: safeRedirect(ctx.query.get('redirectTo')) } : null);

/** The login form's mode: ?loginType when valid, else the store's default. */
export function loginTypeOf(ctx: ScreenContext) {
  const asked = ctx.query.get('loginType');
  return asked === 'authCode' || asked === 'password' ? asked : ctx.store.settings.defaultLoginType;
}

/** The code page's data, or null when no code-login flow is in progress (the login page again). */
export async function loginCodeData(ctx: ScreenContext, verification: CodeVerification) {
  const flow = (await verification.flowOf('login', flowToken(ctx.c, 'login')))?.flow;
  if (!flow?.identifier) return null;
  // Shown only when the viewer typed an address: for a user ID, showing the member's address
  // (or its absence) would tell strangers which IDs exist.
  return { maskedEmail: flow.identifier.includes('@') ? maskEmail(flow.identifier) : null, ...codeTiming(ctx.store) };
}

export function loginScreens(deps: {
  verification: CodeVerification;
  sessions: SessionService;
}): ScreenLoaders<'/login' | '/login/code' | '/logout'> {
  return {
    async '/login'(ctx) {
      const away = signedInAway(ctx);
      if (away) return away;
      // `returnTo`, not `redirectTo`: a redirectTo field in screen data means "go there now".
      return { data: { loginType: loginTypeOf(ctx), returnTo: safeRedirect(ctx.query.get('redirectTo'), '') } };
    },
    async '/login/code'(ctx) {
      const data = await loginCodeData(ctx, deps.verification);
      return data ? { data } : { redirectTo: '/login?loginType=authCode' };
    },
    async '/logout'(ctx) {
      // GET ends the session only for the viewer's own navigation, never for a cross-site embed.
      // A member who came from elsewhere stays signed in and is asked to confirm.
      const site = ctx.c.req.header('sec-fetch-site');
      const own = site === undefined || site === 'same-origin' || site === 'none';
      if (own) await endSession(ctx.c, deps.sessions);
      return { data: { redirectSeconds: LOGOUT_REDIRECT_SECONDS, loggedOut: own || ctx.account === null } };
    },
  };
}
