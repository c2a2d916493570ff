// What a member may watch (issue 20.6, decision 0046): the My Page list of titles by the plan that
// grants them — purchases, rentals with the time left in their window, running subscriptions.
import { z } from 'zod';
import type { Plan } from '#config-schema/plans.ts';
import type { Language } from '../language.ts';
import { pickText } from '../localized-text.ts';
import { shouldHideEntitlementExpiry } from '../plan-price.ts';

/** A playback refId (spec 7: the body of POST /api/streaks/playback/fetch). */
export const REF_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const watchEntrySchema = z.object({
  planId: z.string(),
  planName: z.string(),
  planType: z.enum(['purchase', 'rental', 'subscription']),
  /** When viewing ends (ISO); null without an end, or one hidden (more than 10 years away). */
  expiresAt: z.string().nullable(),
  /** Whole minutes left of the window when the page was made (rounded up); null without an end. */
  minutesLeft: z.number().int().min(0).nullable(),
  /** The titles (playback refIds) the plan lets the member play. */
  titles: z.array(z.string()),
});
export type WatchEntry = z.infer<typeof watchEntrySchema>;

/** A live entitlement (not revoked, not expired, its contract not ended): its plan and its end. */
export type LiveGrant = { planId: string; expiresAt: Date | null };

const ORDER = { purchase: 0, rental: 1, subscription: 2 } as const;

/**
 * One entry per plan the member holds live and that lists titles, in the order purchases, rentals,
 * subscriptions (each in the store's plan order). Grants of one plan merge: no end beats any end,
 * else the latest end wins. A plan no longer in the settings has nothing to play and is left out.
 */
export function watchList(grants: readonly LiveGrant[], plans: readonly Plan[], lang: Language, now: Date): WatchEntry[] {
  const ends = new Map<string, Date | null>();
  for (const g of grants) {
    const known = ends.get(g.planId);
    if (known === undefined) ends.set(g.planId, g.expiresAt);
    else if (known !== null && (g.expiresAt === null || g.expiresAt > known)) ends.set(g.planId, g.expiresAt);
  }
  const held = plans.filter((p) => ends.has(p.planId) && p.contentRefIds.length > 0);
  return held
    .map((p, index) => ({ p, index }))
    .sort((a, b) => ORDER[a.p.planType] - ORDER[b.p.planType] || a.index - b.index)
    .map(({ p }) => {
      const end = ends.get(p.planId) ?? null;
      const shown = end && !shouldHideEntitlementExpiry(end, now) ? end : null;
      return {
        planId: p.planId,
        planName: pickText(p.planName, lang),
        planType: p.planType,
        expiresAt: shown ? shown.toISOString() : null,
        minutesLeft: shown ? Math.max(0, Math.ceil((shown.getTime() - now.getTime()) / 60_000)) : null,
        titles: [...p.contentRefIds],
      };
    });
}

/** /mypage/watch/{refId}: the player page; it asks playback for the stream itself. */
export const watchScreenSchema = z.object({ refId: z.string() });
