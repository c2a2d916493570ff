import { AppError } from '#domain/errors.ts';
import type { OidcApp } from '#domain/oidc/interaction-screens.ts';
import type { ExternalSignup } from '#server/features/external-ids/routes.ts';
import { loginCodeData, loginTypeOf } from '#server/features/login/screens.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import { signupFirstSteps } from '#server/features/signup/screens.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { CodeVerification } from '#server/platform/verification/service.ts';
import type { ConnectionsService } from './connections.ts';
import { interactionPath, interactionReturn, type OidcService } from './service.ts';

/** Connected apps: the store's flag, not in the app (else 404), members only. */
function connectionsGuard(ctx: ScreenContext) {
  if (!ctx.store.settings.features.oidcConnections || ctx.browserInfo.isApp) throw new AppError('NOT_FOUND');
  return memberOnly(ctx);
}

type OidcPattern =
  | '/oidc/consent'
  | '/oidc/select-account'
  | '/oidc/login'
  | '/oidc/login/code'
  | '/oidc/signup'
  | '/oidc/signup/auth'
  | '/mypage/connections'
  | '/mypage/connections/client/@clientId';

export function oidcScreens(
  oidc: OidcService,
  connections: ConnectionsService,
  verification: CodeVerification,
  externalSignup?: Pick<ExternalSignup, 'abandon'>,
): ScreenLoaders<OidcPattern> {
  const first = signupFirstSteps(verification, externalSignup);
  /**
   * The sign-in and sign-up pages of an interaction (decision 0023): the store's page of the same
   * step, plus the app that asks. A signed-in viewer goes back to the interaction, which goes on
   * as them, unless the app asked for a fresh sign-in (prompt=login, max_age); an interaction
   * that is not live is INVALID_SESSION_FLOW.
   */
  const guest = async (ctx: ScreenContext): Promise<{ app: OidcApp; loginHint?: string } | { redirectTo: string }> => {
    const uid = ctx.query.get('uid') ?? '';
    const { signedIn, loginHint, ...app } = await oidc.app({ store: ctx.store, origin: ctx.c.var.origin }, uid, ctx.lang, ctx.account);
    if (signedIn) return { redirectTo: interactionReturn(uid) };
    return loginHint ? { app, loginHint } : { app };
  };
  /** The store's step's answer, its data with the app. */
  const withApp = <T extends object>(step: { data: T } | { redirectTo: string }, app: OidcApp) =>
    'data' in step ? { data: { ...step.data, app } } : step;

  return {
    async '/oidc/login'(ctx) {
      const g = await guest(ctx);
      if ('redirectTo' in g) return g;
      const hint = g.loginHint ? { loginHint: g.loginHint } : {};
      return { data: { loginType: loginTypeOf(ctx), returnTo: interactionReturn(g.app.uid), app: g.app, ...hint } };
    },
    async '/oidc/login/code'(ctx) {
      const g = await guest(ctx);
      if ('redirectTo' in g) return g;
      const data = await loginCodeData(ctx, verification);
      return data ? { data: { ...data, app: g.app } } : { redirectTo: `${interactionPath('/oidc/login', g.app.uid)}&loginType=authCode` };
    },
    async '/oidc/signup'(ctx) {
      const g = await guest(ctx);
      if ('redirectTo' in g) return g;
      return withApp(first.policy(ctx, interactionPath('/oidc/signup/auth', g.app.uid)), g.app);
    },
    async '/oidc/signup/auth'(ctx) {
      const g = await guest(ctx);
      if ('redirectTo' in g) return g;
      return withApp(await first.choice(ctx, interactionPath('/oidc/signup', g.app.uid)), g.app);
    },
    async '/oidc/consent'(ctx) {
      const uid = ctx.query.get('uid') ?? '';
      return {
        data: await oidc.consentScreen({ store: ctx.store, origin: ctx.c.var.origin }, uid, ctx.lang, ctx.account?.accountId ?? null),
      };
    },
    async '/oidc/select-account'(ctx) {
      const uid = ctx.query.get('uid') ?? '';
      return oidc.selectAccountScreen({ store: ctx.store, origin: ctx.c.var.origin }, uid, ctx.account, ctx.lang);
    },
    async '/mypage/connections'(ctx) {
      const guard = connectionsGuard(ctx);
      if ('redirectTo' in guard) return guard;
      return { data: await connections.list(ctx.scope, guard.account.accountId) };
    },
    async '/mypage/connections/client/@clientId'(ctx) {
      const guard = connectionsGuard(ctx);
      if ('redirectTo' in guard) return guard;
      const detail = await connections.detail(ctx.scope, guard.account.accountId, ctx.params.clientId ?? '');
      if (!detail) throw new AppError('NOT_FOUND');
      return { data: detail };
    },
  };
}
