// Playback (spec 7: POST /api/streaks/playback/fetch { refId }): a title plays for a member who
// holds a live entitlement of a plan listing it (contentRefIds). A rental's window is enforced here.
import { AppError } from '#domain/errors.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { EntitlementRepo } from './repo.ts';

export type PlaybackInfo = {
  refId: string;
  /** Where the player fetches the stream (a test video: the sandbox has no media server). */
  streamUrl: string;
  /** When viewing ends (ISO), or null. */
  expiresAt: string | null;
};

export function createEntitlementService(deps: { repo: EntitlementRepo; clock: () => Date }) {
  return {
    async playback(store: StoreContext, accountId: string, refId: string): Promise<PlaybackInfo> {
      const planIds = store.settings.plans.filter((p) => p.contentRefIds.includes(refId)).map((p) => p.planId);
      const live = await deps.repo.live(store.storeId, accountId, planIds, deps.clock());
      if (live.length === 0) throw new AppError('NOT_ENTITLED');
      // The latest end wins; an entitlement without an end (a purchase, a running contract) beats any.
      const open = live.some((e) => e.expiresAt === null);
      const latest = open ? null : new Date(Math.max(...live.map((e) => e.expiresAt?.getTime() ?? 0)));
      return { refId, streamUrl: `/media/test/${encodeURIComponent(refId)}.m3u8`, expiresAt: latest ? latest.toISOString() : null };
    },
  };
}
export type EntitlementService = ReturnType<typeof createEntitlementService>;
