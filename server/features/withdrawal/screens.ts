import { surveyView } from '#domain/survey-view.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import { flowToken } from '#server/platform/http/cookies.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';
import { codeTiming } from '#server/platform/verification/code-timing.ts';
import type { WithdrawalService } from './service.ts';
import { withdrawalSurvey } from './survey.ts';

/** /withdraw -> /withdraw/pin-code -> /withdraw/complete (spec 2 "Withdrawal"). */
export function withdrawalScreens(withdrawal: WithdrawalService): ScreenLoaders<'/withdraw' | '/withdraw/pin-code' | '/withdraw/complete'> {
  return {
    async '/withdraw'(ctx) {
      const member = memberOnly(ctx);
      if ('redirectTo' in member) return member;
      const survey = withdrawalSurvey(ctx.store.settings);
      const blockedByPlan = await withdrawal.isBlocked(member.account.accountId);
      return { data: { survey: survey ? surveyView(survey, ctx.lang) : null, blockedByPlan } };
    },
    async '/withdraw/pin-code'(ctx) {
      const member = memberOnly(ctx);
      if ('redirectTo' in member) return member;
      const found = await withdrawal.flowOf(member.account, flowToken(ctx.c, 'withdraw'));
      if (!found) return { redirectTo: '/withdraw' };
      return { data: { email: found.email, ...codeTiming(ctx.store) } };
    },
    // After the withdrawal the viewer is a guest: the page only says it is done. A member who
    // did not withdraw has nothing to see here.
    async '/withdraw/complete'(ctx) {
      return ctx.account ? { redirectTo: '/mypage' } : { data: {} };
    },
  };
}
