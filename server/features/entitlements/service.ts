// Playback (spec 7: POST /api/streaks/playback/fetch { refId }): a title plays for a member who
// holds a live entitlement of a plan listing it (contentRefIds). A rental's window is enforced here.

import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { type WatchEntry, watchList } from '#domain/watch/watch-list.ts';
import { TEST_STREAM_URL } from '#server/features/media/test-stream.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { type EntitlementRepo, liveFromColumn, type PreparedColumn } from './repo.ts';

export type PlaybackInfo = {
  refId: string;
  /**
   * Where the player fetches the stream: the test video for every title, as long as the project
   * has no media server (decision 0046).
   */
  streamUrl: string;
  /** When viewing ends (ISO), or null. */
  expiresAt: string | null;
};

export function createEntitlementService(deps: { repo: EntitlementRepo; clock: () => Date }) {
  return {
    async playback({ store }: Scope, accountId: string, refId: string): Promise<PlaybackInfo> {
      const planIds = store.settings.plans.filter((p) => p.contentRefIds.includes(refId)).map((p) => p.planId);
      const live = await deps.repo.live(accountId, planIds, deps.clock());
      if (live.length === 0) throw new AppError('NOT_ENTITLED');
      // The latest end wins; an entitlement without an end (a purchase, a running contract) beats any.
      const open = live.some((e) => e.expiresAt === null);
      const latest = open ? null : new Date(Math.max(...live.map((e) => e.expiresAt?.getTime() ?? 0)));
      return { refId, streamUrl: TEST_STREAM_URL, expiresAt: latest ? latest.toISOString() : null };
    },
    /**
     * What the member may watch now, by plan (the My Page list, decision 0046), read by another
     * statement of the page: `column` goes into that statement (My Page's contracts, decision
     * 0053) and `entries` makes the list from the value it answered.
     */
    watchableBeside(accountId: string): {
      column: PreparedColumn;
      entries(value: unknown, store: StoreContext, lang: Language): WatchEntry[];
    } {
      const now = deps.clock();
      return {
        column: deps.repo.allLiveColumn(accountId, now),
        entries: (value, store, lang) => watchList(liveFromColumn(value), store.settings.plans, lang, now),
      };
    },
  };
}
export type EntitlementService = ReturnType<typeof createEntitlementService>;
