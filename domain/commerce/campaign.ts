// Which campaign a purchase gets (spec: public area 3 "Campaign", 5 "Campaign code", 8 "Purchase").
// Pure: the store's campaigns, the plan, what the viewer typed and chose, and the time decide.
//
// - A typed code wins; it must be half-width letters and digits; it is compared without case.
// - Without a code, an automatic campaign of the plan open at this time applies (the first in the
//   store's order). A free automatic campaign is skipped for a member who already had a free trial.
// - Paying with the CampaignCode method needs a code ('キャンペーンコードを入力してください') and a
//   campaign that makes the purchase free (100 %): nothing else pays the rest.
// - One free trial per member per store, across plans: a free campaign code is refused once used.
import type { Campaign } from '#config-schema/plans.ts';

export const CAMPAIGN_CODE_PATTERN = /^[A-Za-z0-9]+$/;
export const CAMPAIGN_CODE_MAX = 32;

export type CampaignRefusal =
  /** The CampaignCode method was chosen without a code. */
  | 'codeRequired'
  /** Not half-width letters and digits, or too long. */
  | 'codeInvalidChars'
  /** No campaign has this code. */
  | 'codeUnknown'
  /** The code exists but not for this plan or not at this time. */
  | 'notApplicable'
  /** A free campaign, but the member already had a free trial in this store. */
  | 'freeTrialUsed'
  /** The CampaignCode method needs a campaign that leaves nothing to pay. */
  | 'notFullDiscount';

export type CampaignInput = {
  campaigns: readonly Campaign[];
  planId: string;
  planPrice: number;
  /** What the viewer typed ('' or undefined: nothing). */
  code?: string | null;
  /** The CampaignCode payment method was chosen. */
  campaignCodeMethod: boolean;
  /** The member already used their free trial in this store. */
  freeTrialUsed: boolean;
  now: Date;
};

export type CampaignResolution = { ok: true; campaign: Campaign | null } | { ok: false; refusal: CampaignRefusal };

/** The campaign is open at `now` (start inclusive, end inclusive: the end is the last accepted second). */
export function campaignOpen(c: Pick<Campaign, 'startDate' | 'endDate'>, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(c.startDate) <= t && t <= Date.parse(c.endDate);
}

/** Nothing is left to pay under this campaign (free days, or a price of 0). */
export function isFullDiscount(c: Campaign | null, planPrice: number): boolean {
  if (!c) return planPrice === 0;
  return c.campaignType === 'free' || c.price === 0;
}

/** The code as typed, trimmed; '' when nothing. */
export function normalizeCampaignCode(code: string | null | undefined): string {
  return (code ?? '').trim();
}

export function resolveCampaign(input: CampaignInput): CampaignResolution {
  const code = normalizeCampaignCode(input.code);
  if (code === '') {
    if (input.campaignCodeMethod) return { ok: false, refusal: 'codeRequired' };
    const auto = input.campaigns.find(
      (c) =>
        c.automatic &&
        c.planIds.includes(input.planId) &&
        campaignOpen(c, input.now) &&
        !(c.campaignType === 'free' && input.freeTrialUsed),
    );
    return { ok: true, campaign: auto ?? null };
  }
  if (code.length > CAMPAIGN_CODE_MAX || !CAMPAIGN_CODE_PATTERN.test(code)) return { ok: false, refusal: 'codeInvalidChars' };
  const upper = code.toUpperCase();
  const found = input.campaigns.find((c) => c.code !== undefined && c.code.toUpperCase() === upper);
  if (!found) return { ok: false, refusal: 'codeUnknown' };
  if (!found.planIds.includes(input.planId) || !campaignOpen(found, input.now)) return { ok: false, refusal: 'notApplicable' };
  if (found.campaignType === 'free' && input.freeTrialUsed) return { ok: false, refusal: 'freeTrialUsed' };
  if (input.campaignCodeMethod && !isFullDiscount(found, input.planPrice)) return { ok: false, refusal: 'notFullDiscount' };
  return { ok: true, campaign: found };
}

/** The identifier of a campaign in orders and answers: its code, or `auto-<index>` for a codeless one. */
export function campaignIdOf(c: Campaign, campaigns: readonly Campaign[]): string {
  return c.code ?? `auto-${campaigns.indexOf(c)}`;
}

/** The plan's campaigns a viewer can type a code for, open at `now`. */
function codeCampaigns(campaigns: readonly Campaign[], planId: string, now: Date): Campaign[] {
  return campaigns.filter((c) => c.code !== undefined && c.planIds.includes(planId) && campaignOpen(c, now));
}

/** Whether the purchase form asks for a campaign code at all: the plan has a code campaign open now. */
export function acceptsCampaignCode(campaigns: readonly Campaign[], planId: string, now: Date): boolean {
  return codeCampaigns(campaigns, planId, now).length > 0;
}

/**
 * Whether a code alone can pay for the plan (the CampaignCode payment choice): one of its open code
 * campaigns leaves nothing to pay. Elsewhere the choice could only end in an error.
 */
export function payableByCodeAlone(campaigns: readonly Campaign[], planId: string, planPrice: number, now: Date): boolean {
  return codeCampaigns(campaigns, planId, now).some((c) => isFullDiscount(c, planPrice));
}
