// The plan of a store by its id (decision 0041): the one lookup of a plan in the settings, for the
// purchase, the billing run, the member's subscriptions and their mails. Whether a viewer may see
// or buy the plan is another question (domain/commerce/plan-offer.ts, the purchase service).
import type { Plan } from '#config-schema/plans.ts';

/**
 * The plan `planId` of the settings (or null: none, or no settings). A plan removed from the
 * document is null here; the billing run then ends its contracts (decisions 0019, 0038).
 */
export function planOf(settings: { readonly plans: readonly Plan[] } | null | undefined, planId: string): Plan | null {
  return settings?.plans.find((p) => p.planId === planId) ?? null;
}
