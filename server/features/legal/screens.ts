import { legalNoticeView } from '#domain/legal-notice.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';

/**
 * /legal/tokushoho: the store's 特定商取引法に基づく表記 (decision 0045), a page of every store,
 * for guests and members alike; the app hides sales, but the page answers there too.
 */
export function legalScreens(): ScreenLoaders<'/legal/tokushoho'> {
  return {
    async '/legal/tokushoho'(ctx) {
      return { data: legalNoticeView(ctx.store.settings, ctx.lang, ctx.now) };
    },
  };
}
