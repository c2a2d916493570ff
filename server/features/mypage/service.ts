import type { PublicStoreSettings } from '#config-schema/public-settings.ts';
import { accountRows, privacyRows } from '#domain/mypage/account-rows.ts';
import { LOGIN_HISTORY_PER_PAGE, loginHistoryRow, paging } from '#domain/mypage/login-history.ts';
import type { LoginHistoryScreen, MypageTopScreen } from '#domain/mypage-screens.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import type { LoginHistoryRepo } from '#server/platform/auth/login-history.ts';
import type { SessionCredentials } from '#server/platform/sessions/repo.ts';

type Member = { storeId: string; accountId: string };
/** The member as the session read them: with the account top's credentials when that read carried them (decision 0060). */
type SessionMember = Member & { email?: string; credentials?: SessionCredentials };

/** The profile image URL of a member of the scope's store, or null (the profile feature supplies it). */
export type ProfileImageLookup = (accountId: string) => Promise<string | null>;

/** What the account top, the login history and the header's account menu show of the member. */
export function createMyPageService(deps: { accounts: AccountRepo; loginHistory: LoginHistoryRepo; profileImageUrl?: ProfileImageLookup }) {
  const profileImageUrl: ProfileImageLookup = deps.profileImageUrl ?? (async () => null);
  return {
    /**
     * /mypage: the member's identifiers and rows; null when the account is gone. A member resolved
     * from this request's session carries them already (the session's statement joins the account):
     * no statement of its own then.
     */
    async accountTop(
      member: SessionMember,
      settings: Pick<PublicStoreSettings, 'features' | 'signupFields'>,
      isApp: boolean,
    ): Promise<(Omit<MypageTopScreen, 'contracted' | 'watchable'> & { hasPassword: boolean }) | null> {
      const account =
        member.credentials && member.email !== undefined
          ? { email: member.email, ...member.credentials }
          : await deps.accounts.findTopById(member.accountId);
      if (!account) return null;
      const credentials = {
        hasPassword: account.hasPassword,
        // Every account has its e-mail address as a login today; external-ID members arrive later.
        hasEmailIdentifier: true,
        userId: account.userId,
        passwordUpdatedAt: account.passwordUpdatedAt?.toISOString() ?? null,
      };
      return {
        email: account.email,
        userId: settings.features.userId ? account.userId : null,
        accountRows: accountRows(settings, credentials, isApp),
        privacyRows: privacyRows(settings.features, isApp),
        // Not shown: the external-ID list's last-way-in rule, without reading the account again.
        hasPassword: credentials.hasPassword,
      };
    },

    /** One page of the member's login history, newest first (a page past the end shows the last). */
    async loginHistoryPage(member: Member, page: number): Promise<LoginHistoryScreen> {
      const total = await deps.loginHistory.count(member.accountId);
      const p = paging(page, total, LOGIN_HISTORY_PER_PAGE);
      const entries = total === 0 ? [] : await deps.loginHistory.list(member.accountId, { limit: p.perPage, offset: p.offset });
      const rows = entries.map((e) => ({ ...loginHistoryRow({ ...e, createdAt: e.at }), loginType: e.loginType }));
      return { rows, currentPage: p.currentPage, lastPage: p.lastPage, perPage: p.perPage, totalCount: p.totalCount };
    },

    /** GET /zapi/internal/account-header/screen-data: the profile image, when the store shows one. */
    async header(member: Member | null, settings: Pick<PublicStoreSettings, 'features'>): Promise<{ profileImageUrl: string | null }> {
      if (!member || !settings.features.profileImage) return { profileImageUrl: null };
      return { profileImageUrl: await profileImageUrl(member.accountId) };
    },
  };
}

export type MyPageService = ReturnType<typeof createMyPageService>;
