import type { Plan } from '#config-schema/plans.ts';
import { isListed } from '#domain/commerce/plan-offer.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import { planButtonState } from '#domain/plan-button.ts';
import { priceSuffix, renewalText } from '#domain/plan-price.ts';
import { type PlanCard, planCardSchema } from '#domain/screens.ts';
import { stockLevel } from '#domain/stock.ts';
import { createPerStoreCache, type PerStoreCache } from '#server/platform/cache/per-store.ts';
import type { StoreRepo } from '#server/platform/stores/repo.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

/** Markup and newlines removed, for the plan list. */
export function plainDescription(text: string | undefined): string {
  if (!text) return '';
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function planCard(
  plan: Plan,
  ctx: { lang: Language; now: Date; salesCount: number; contractLimited: boolean; hasAvailableCampaign: boolean },
): PlanCard {
  const withCount = { ...plan, salesCount: ctx.salesCount };
  return planCardSchema.parse({
    planId: plan.planId,
    planType: plan.planType,
    planName: pickText(plan.planName, ctx.lang),
    planDescription: plainDescription(pickText(plan.planDescription, ctx.lang)),
    price: plan.price,
    priceSuffix: priceSuffix(plan.planType, plan.renewSpan, plan.renewSpanUnit),
    renewal: plan.planType === 'subscription' ? renewalText(plan.renewSpan, plan.renewSpanUnit) : null,
    freeTrialDays: plan.freeTrialDays,
    salesStartDate: plan.salesStartDate,
    salesEndDate: plan.salesEndDate,
    salesLimit: plan.salesLimit,
    salesCount: ctx.salesCount,
    button: planButtonState(withCount, { now: ctx.now, contractLimited: ctx.contractLimited }),
    stock: stockLevel(withCount),
    hasAvailableCampaign: ctx.hasAvailableCampaign,
  });
}

/**
 * Sales counts are read at most once a second per store (about 15 % of a plan page's server CPU
 * when read on every request): a stock label may lag a second; purchases check limits in their
 * own transaction.
 */
export const SALES_COUNTS_TTL_MS = 1000;

export function createPlanService(deps: {
  storeRepo: StoreRepo;
  salesCounts?: PerStoreCache<Promise<Map<string, number>>>;
  /** The plans a member may not buy again (already contracted or at their limit). */
  contractLimited?: (store: StoreContext, accountId: string) => Promise<Set<string>>;
}) {
  const salesCounts =
    deps.salesCounts ?? createPerStoreCache<Promise<Map<string, number>>>({ maxEntries: 2000, ttlMs: SALES_COUNTS_TTL_MS });
  return {
    /** The visible plans as cards; with a member, their contract limits too. */
    async listCards(store: StoreContext, lang: Language, now: Date, accountId?: string | null): Promise<PlanCard[]> {
      const counts = await salesCounts.get(store, 'salesCounts', () => deps.storeRepo.salesCounts());
      const limited = accountId && deps.contractLimited ? await deps.contractLimited(store, accountId) : new Set<string>();
      const { campaigns } = store.settings;
      return store.settings.plans.filter(isListed).map((plan) =>
        planCard(plan, {
          lang,
          now,
          salesCount: counts.get(plan.planId) ?? 0,
          contractLimited: limited.has(plan.planId),
          hasAvailableCampaign: campaigns.some(
            (c) => c.planIds.includes(plan.planId) && new Date(c.startDate) <= now && now < new Date(c.endDate),
          ),
        }),
      );
    },
  };
}
export type PlanService = ReturnType<typeof createPlanService>;
