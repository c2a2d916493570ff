import type { ContractedSubscription } from '#domain/billing/subscription-screens.ts';
import type { ExternalIdEntry, ExternalIdType } from '#domain/external-ids/entries.ts';
import { accountTopBlocks } from '#domain/mypage/account-rows.ts';
import { requestedPage } from '#domain/mypage/login-history.ts';
import type { WatchEntry } from '#domain/watch/watch-list.ts';
import type { EntitlementService } from '#server/features/entitlements/service.ts';
import type { SubscriptionService } from '#server/features/subscriptions/service.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';
import { memberOnly } from './member-only.ts';
import type { MyPageService } from './service.ts';

/** The account top (with the contracted plans) and the login history; a guest goes to login and back (memberOnly). */
export function myPageScreens(
  mypage: MyPageService,
  subscriptions: SubscriptionService,
  /** The member's external-ID list, when the top shows one (decision 0022). */
  externalIdList?: (accountId: string, offered: readonly ExternalIdType[], hasPassword?: boolean) => Promise<ExternalIdEntry[]>,
  /** What the member may watch (decision 0046), read beside the contracts (decision 0053). */
  watchable?: EntitlementService['watchableBeside'],
): ScreenLoaders<'/mypage' | '/mypage/login-history'> {
  return {
    async '/mypage'(ctx) {
      const guard = memberOnly(ctx);
      if ('redirectTo' in guard) return guard;
      const found = await mypage.accountTop(guard.account, ctx.store.publicSettings, ctx.browserInfo.isApp);
      // The session outlived its account (withdrawn in another tab): log in again.
      if (!found) return { redirectTo: '/login?redirectTo=%2Fmypage' };
      const { hasPassword, ...top } = found;
      // The contracted plans (member-area 2 "Account top"), hidden in the app, and what the member
      // may watch, read in the same statement (decision 0053).
      const { accountId } = guard.account;
      const beside = watchable?.(accountId);
      let contracted: ContractedSubscription[] = [];
      let watch: WatchEntry[] = [];
      if (beside) {
        const read = await subscriptions.listWith(ctx.store, accountId, ctx.lang, beside.column);
        if (!ctx.browserInfo.isApp) contracted = read.contracted;
        watch = beside.entries(read.beside, ctx.store, ctx.lang);
      } else if (!ctx.browserInfo.isApp) contracted = await subscriptions.list(ctx.store, accountId, ctx.lang);
      const shown = accountTopBlocks(ctx.store.publicSettings, ctx.browserInfo.isApp).externalIds;
      if (!shown || !externalIdList) return { data: { ...top, contracted, watchable: watch } };
      const externalIds = await externalIdList(guard.account.accountId, ctx.store.publicSettings.externalIdProviders, hasPassword);
      return { data: { ...top, contracted, watchable: watch, externalIds } };
    },
    async '/mypage/login-history'(ctx) {
      const guard = memberOnly(ctx);
      if ('redirectTo' in guard) return guard;
      return { data: await mypage.loginHistoryPage(guard.account, requestedPage(ctx.query.get('page'))) };
    },
  };
}
