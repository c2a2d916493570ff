import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';
import type { PaymentHistoryService } from './service.ts';

/** /mypage/payment-history (its first page) and /mypage/invoice/{earningsId}. */
export function paymentHistoryScreens(
  history: PaymentHistoryService,
): ScreenLoaders<'/mypage/payment-history' | '/mypage/invoice/@earningsId'> {
  return {
    async '/mypage/payment-history'(ctx) {
      const member = memberOnly(ctx);
      if ('redirectTo' in member) return member;
      return { data: await history.page(member.account.accountId, 1, ctx.lang) };
    },
    async '/mypage/invoice/@earningsId'(ctx) {
      const member = memberOnly(ctx);
      if ('redirectTo' in member) return member;
      return { data: await history.invoice(ctx.scope, member.account.accountId, ctx.params.earningsId ?? '') };
    },
  };
}
