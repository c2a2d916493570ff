// Whether a member may buy a plan again (spec: public area 6 "Purchase is blocked if the plan is
// already contracted or the contract limit is reached"; 8 '契約数の上限に達しているため購入できません').
import type { Plan } from '#config-schema/plans.ts';

export type MemberHoldings = {
  /** Running subscriptions of this plan. */
  activeContracts: number;
  /** Completed purchases of this plan. */
  completedPurchases: number;
  /** Rentals of this plan still in their viewing window. */
  liveRentals: number;
};

export type ContractRefusal = 'ALREADY_CONTRACTED' | 'CONTRACT_LIMIT_REACHED';

/**
 * A subscription is held once unless purchaseLimitPerMember allows more; a purchase or a rental is
 * limited only by purchaseLimitPerMember (purchases count for ever, rentals while they run).
 */
export function contractRefusal(plan: Pick<Plan, 'planType' | 'purchaseLimitPerMember'>, h: MemberHoldings): ContractRefusal | null {
  const limit = plan.purchaseLimitPerMember;
  switch (plan.planType) {
    case 'subscription':
      if (limit === null) return h.activeContracts > 0 ? 'ALREADY_CONTRACTED' : null;
      return h.activeContracts >= limit ? 'CONTRACT_LIMIT_REACHED' : null;
    case 'purchase':
      return limit !== null && h.completedPurchases >= limit ? 'CONTRACT_LIMIT_REACHED' : null;
    case 'rental':
      return limit !== null && h.liveRentals >= limit ? 'CONTRACT_LIMIT_REACHED' : null;
  }
}

/** Sales closed or sold out (the plan button's disabled states other than the contract limit). */
export function salesRefusal(
  plan: Pick<Plan, 'salesStartDate' | 'salesEndDate' | 'salesLimit'>,
  salesCount: number,
  now: Date,
): 'afterSale' | 'beforeSale' | 'soldOut' | null {
  const t = now.getTime();
  if (plan.salesEndDate !== null && t >= Date.parse(plan.salesEndDate)) return 'afterSale';
  if (plan.salesStartDate !== null && t < Date.parse(plan.salesStartDate)) return 'beforeSale';
  if (plan.salesLimit !== null && salesCount >= plan.salesLimit) return 'soldOut';
  return null;
}
