import { AppError } from '#domain/errors.ts';
import { passwordFirstRedirect } from '#domain/mypage/account-rows.ts';
import { isFeatureOn, pageFeature } from '#domain/mypage/feature-routes.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import { flowToken, setFlowCookie } from '#server/platform/http/cookies.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';
import { codeTiming } from '#server/platform/verification/code-timing.ts';
import type { EmailChangeService } from './email-change.ts';
import { credentialsOf, type PasswordService } from './passwords.ts';

type CredentialPattern =
  | '/mypage/email/edit'
  | '/mypage/email/edit/pin-code'
  | '/mypage/email/edit/complete'
  | '/mypage/enable-password'
  | '/mypage/enable-password/complete'
  | '/mypage/password/edit'
  | '/mypage/password/edit/complete'
  | '/mypage/user-id/edit'
  | '/mypage/user-id/edit/complete';

type Guarded = { redirectTo: string } | { member: SessionAccount; account: NonNullable<Awaited<ReturnType<AccountRepo['findById']>>> };

/** The credential pages of My Page (spec 2): member only, by their store flag, password first where it must be. */
export function credentialScreens(deps: {
  accounts: AccountRepo;
  emailChange: EmailChangeService;
  passwords: PasswordService;
}): ScreenLoaders<CredentialPattern> {
  /** The flag (404), the member (else login), the account, and the password-first rule of its path. */
  const guard = async (ctx: ScreenContext, path: string): Promise<Guarded> => {
    if (!isFeatureOn(pageFeature(path), ctx.store.settings.features)) throw new AppError('NOT_FOUND');
    if (path.startsWith('/mypage/user-id') && !ctx.store.settings.features.password) throw new AppError('NOT_FOUND');
    const only = memberOnly(ctx);
    if ('redirectTo' in only) return only;
    const account = await deps.accounts.findById(only.account.accountId);
    if (!account) throw new AppError('UNAUTHORIZED');
    const away = passwordFirstRedirect(path, credentialsOf(account));
    return away ? { redirectTo: away } : { member: only.account, account };
  };

  return {
    async '/mypage/email/edit'(ctx) {
      const g = await guard(ctx, '/mypage/email/edit');
      return 'redirectTo' in g ? g : { data: { currentEmail: g.account.email } };
    },
    async '/mypage/email/edit/pin-code'(ctx) {
      const g = await guard(ctx, '/mypage/email/edit/pin-code');
      if ('redirectTo' in g) return g;
      const email = await deps.emailChange.pending(g.account.id, flowToken(ctx.c, 'mailEdit'));
      return email ? { data: { email, ...codeTiming(ctx.store) } } : { redirectTo: '/mypage/email/edit' };
    },
    async '/mypage/email/edit/complete'(ctx) {
      const g = await guard(ctx, '/mypage/email/edit/complete');
      return 'redirectTo' in g ? g : { data: { email: g.account.email } };
    },
    async '/mypage/enable-password'(ctx) {
      const g = await guard(ctx, '/mypage/enable-password');
      if ('redirectTo' in g) return g;
      // The code is mailed on entering (spec 4: the countdown starts on entering), only for the
      // member's own navigation: a page embedded by another site opens the flow without mailing.
      const site = ctx.c.req.header('sec-fetch-site');
      const own = site === undefined || site === 'same-origin' || site === 'none';
      const token = flowToken(ctx.c, 'passwordSetting');
      const opened = await deps.passwords.startSetting(ctx.scope, g.account.id, token, { mail: own });
      if (opened) setFlowCookie(ctx.c, 'passwordSetting', opened.token, opened.maxAgeSeconds);
      return { data: { email: g.account.email, ...codeTiming(ctx.store) } };
    },
    async '/mypage/enable-password/complete'(ctx) {
      const g = await guard(ctx, '/mypage/enable-password/complete');
      return 'redirectTo' in g ? g : { data: {} };
    },
    async '/mypage/password/edit'(ctx) {
      const g = await guard(ctx, '/mypage/password/edit');
      return 'redirectTo' in g ? g : { data: {} };
    },
    async '/mypage/password/edit/complete'(ctx) {
      const g = await guard(ctx, '/mypage/password/edit/complete');
      return 'redirectTo' in g ? g : { data: {} };
    },
    async '/mypage/user-id/edit'(ctx) {
      const g = await guard(ctx, '/mypage/user-id/edit');
      return 'redirectTo' in g ? g : { data: { userId: g.account.userId } };
    },
    async '/mypage/user-id/edit/complete'(ctx) {
      const g = await guard(ctx, '/mypage/user-id/edit/complete');
      return 'redirectTo' in g ? g : { data: { userId: g.account.userId } };
    },
  };
}
