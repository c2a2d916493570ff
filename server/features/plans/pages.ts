import { AppError } from '#domain/errors.ts';
import type { PageLoaders } from '#server/screens/types.ts';
import type { PlanService } from './service.ts';

/** The home page and the plan pages. */
export function planPages(plans: PlanService): PageLoaders<'/' | '/plans' | '/plans/@planId'> {
  return {
    async '/'({ store, lang, now, browserInfo }) {
      const cards = browserInfo.isApp ? [] : await plans.listCards(store, lang, now);
      return { data: { plans: cards.slice(0, 3), hasPlans: cards.length > 0 } };
    },
    async '/plans'({ store, lang, now, browserInfo }) {
      // The app hides plans and related items (spec 6).
      if (browserInfo.isApp) return { redirectTo: '/' };
      return { data: { plans: await plans.listCards(store, lang, now) } };
    },
    // Where a plan button leads. A guest logs in (or signs up from there) and comes back; an
    // unknown or hidden plan is a 404. The purchase form comes with the purchase feature: until
    // then a member meets the 404 page too.
    async '/plans/@planId'({ store, params, account, browserInfo }) {
      if (browserInfo.isApp) return { redirectTo: '/' };
      const plan = store.settings.plans.find((p) => p.visible && p.planId === params.planId);
      if (!plan) throw new AppError('NOT_FOUND');
      if (!account) return { redirectTo: `/login?redirectTo=${encodeURIComponent(`/plans/${plan.planId}`)}` };
      throw new AppError('NOT_FOUND');
    },
  };
}
