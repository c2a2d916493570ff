import { WITHDRAW_RETURN } from '#domain/billing/subscription-paths.ts';
import { methodChoice } from '#domain/commerce/payment-methods.ts';
import { surveyView } from '#domain/survey-view.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { PlanService } from '#server/features/plans/service.ts';
import type { PurchaseService } from '#server/features/purchase/service.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { SubscriptionService } from './service.ts';
import { cancelSurvey } from './survey.ts';

type Pattern =
  | '/mypage/plans'
  | '/mypage/subscription/@subscriptionId'
  | '/mypage/subscription/@subscriptionId/payment-method'
  | '/mypage/subscription/@subscriptionId/payment-method/complete'
  | '/mypage/subscription/@subscriptionId/withdraw'
  | '/mypage/subscription/@subscriptionId/withdraw/complete';

/** The withdraw mode's return target: only /withdraw (member-area 2), never an arbitrary address. */
const returnToOf = (ctx: ScreenContext) => (ctx.query.get('returnTo') === WITHDRAW_RETURN ? WITHDRAW_RETURN : null);

/** The member's plan list and subscription pages; a guest logs in and comes back (memberOnly). */
export function subscriptionScreens(deps: {
  subscriptions: SubscriptionService;
  plans: PlanService;
  purchases: PurchaseService;
}): ScreenLoaders<Pattern> {
  const { subscriptions } = deps;

  async function subscriptionOf(ctx: ScreenContext) {
    const member = memberOnly(ctx);
    if ('redirectTo' in member) return member;
    const id = ctx.params.subscriptionId ?? '';
    return { subscription: await subscriptions.detail(ctx.store, member.account.accountId, id, ctx.lang), account: member.account };
  }

  return {
    async '/mypage/plans'(ctx) {
      const member = memberOnly(ctx);
      if ('redirectTo' in member) return member;
      const accountId = member.account.accountId;
      const contracted = await subscriptions.list(ctx.store, accountId, ctx.lang);
      const held = new Set(contracted.map((s) => s.planId));
      const cards = await deps.plans.listCards(ctx.store, ctx.lang, ctx.now, accountId);
      const plans = cards.filter((p) => p.planType === 'subscription' && !held.has(p.planId));
      return { data: { contracted, plans, withdrawMode: returnToOf(ctx) !== null } };
    },
    async '/mypage/subscription/@subscriptionId'(ctx) {
      const found = await subscriptionOf(ctx);
      return 'redirectTo' in found ? found : { data: { subscription: found.subscription } };
    },
    async '/mypage/subscription/@subscriptionId/payment-method'(ctx) {
      const found = await subscriptionOf(ctx);
      if ('redirectTo' in found) return found;
      const rows = await deps.purchases.methods(ctx.store, found.account.accountId);
      // The list holds live methods only; an expired card cannot pay.
      const methods = rows.filter((m) => m.cardState !== 'expired').map(methodChoice);
      return { data: { subscription: found.subscription, methods } };
    },
    async '/mypage/subscription/@subscriptionId/payment-method/complete'(ctx) {
      const found = await subscriptionOf(ctx);
      return 'redirectTo' in found ? found : { data: { subscription: found.subscription } };
    },
    async '/mypage/subscription/@subscriptionId/withdraw'(ctx) {
      const found = await subscriptionOf(ctx);
      if ('redirectTo' in found) return found;
      const survey = found.subscription.view.group === 'cancelRequest' ? null : cancelSurvey(ctx.store.settings, found.subscription.planId);
      return {
        data: { subscription: found.subscription, survey: survey ? surveyView(survey, ctx.lang) : null, returnTo: returnToOf(ctx) },
      };
    },
    async '/mypage/subscription/@subscriptionId/withdraw/complete'(ctx) {
      const found = await subscriptionOf(ctx);
      if ('redirectTo' in found) return found;
      const s = found.subscription;
      const done = ctx.query.get('done') === 'undo' ? 'undo' : 'cancel';
      // The page reports what the subscription now is, whatever the query says.
      if ((done === 'cancel') !== (s.view.group === 'cancelRequest')) return { redirectTo: `/mypage/subscription/${s.subscriptionId}` };
      return { data: { done, planName: s.planName, date: s.view.date, returnTo: returnToOf(ctx) } };
    },
  };
}
