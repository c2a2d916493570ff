// The purchase button of a plan card: which label it shows and whether it can be pressed.
// The six states are checked in a fixed order (spec: member area, "Plan button states").

export const planButtonKinds = ['contractLimited', 'afterSale', 'beforeSale', 'soldOut', 'trial', 'contract'] as const;

export type PlanButtonKind = (typeof planButtonKinds)[number];

export type PlanButtonPlan = {
  salesStartDate?: string | null;
  salesEndDate?: string | null;
  salesLimit?: number | null;
  salesCount: number;
  freeTrialDays?: number | null;
};

export type PlanButtonContext = {
  now: Date;
  /** The member may not contract this plan (already contracted or contract limit reached). */
  contractLimited: boolean;
};

/** `trialDays` is present only on the trial state, so it can be read without narrowing. */
export type PlanButtonState =
  | { kind: 'trial'; disabled: false; trialDays: number }
  | { kind: 'contract'; disabled: false; trialDays?: undefined }
  | {
      kind: 'contractLimited' | 'afterSale' | 'beforeSale' | 'soldOut';
      disabled: true;
      trialDays?: undefined;
    };

/** Parses an ISO 8601 instant; throws on a malformed value rather than silently opening a sale. */
function instant(value: string, field: string): number {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new RangeError(`${field} is not a valid date: ${JSON.stringify(value)}`);
  }
  return time;
}

export function planButtonState(plan: PlanButtonPlan, ctx: PlanButtonContext): PlanButtonState {
  const now = ctx.now.getTime();
  if (ctx.contractLimited) return { kind: 'contractLimited', disabled: true };
  if (plan.salesEndDate != null && now >= instant(plan.salesEndDate, 'salesEndDate')) {
    return { kind: 'afterSale', disabled: true };
  }
  if (plan.salesStartDate != null && now < instant(plan.salesStartDate, 'salesStartDate')) {
    return { kind: 'beforeSale', disabled: true };
  }
  if (plan.salesLimit != null && plan.salesCount >= plan.salesLimit) {
    return { kind: 'soldOut', disabled: true };
  }
  if (plan.freeTrialDays != null && plan.freeTrialDays > 0) {
    return { kind: 'trial', disabled: false, trialDays: plan.freeTrialDays };
  }
  return { kind: 'contract', disabled: false };
}
