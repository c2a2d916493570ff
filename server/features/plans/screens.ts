import type { ScreenLoaders } from '#server/platform/screens/types.ts';
import type { PlanService } from './service.ts';

/** The home page and the plan list (a plan's purchase pages: features/purchase/screens.ts). */
export function planScreens(plans: PlanService): ScreenLoaders<'/' | '/plans'> {
  return {
    async '/'({ store, lang, now, browserInfo, account }) {
      const cards = browserInfo.isApp ? [] : await plans.listCards(store, lang, now, account?.accountId);
      return { data: { plans: cards.slice(0, 3), hasPlans: cards.length > 0 } };
    },
    async '/plans'({ store, lang, now, browserInfo, account }) {
      // The app hides plans and related items (spec 6).
      if (browserInfo.isApp) return { redirectTo: '/' };
      return { data: { plans: await plans.listCards(store, lang, now, account?.accountId) } };
    },
  };
}
