import { AppError } from '#domain/errors.ts';
import { REF_ID_PATTERN } from '#domain/watch/watch-list.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';

/**
 * The player page (decision 0046): for members only (a guest logs in and comes back). Whether the
 * member may watch the title is playback's answer, asked by the page, so the page and the API
 * refuse in one place and with the same errors.
 */
export function watchScreens(): ScreenLoaders<'/mypage/watch/@refId'> {
  return {
    async '/mypage/watch/@refId'(ctx) {
      const guard = memberOnly(ctx);
      if ('redirectTo' in guard) return guard;
      const refId = ctx.params.refId ?? '';
      if (!REF_ID_PATTERN.test(refId)) throw new AppError('NOT_FOUND');
      return { data: { refId } };
    },
  };
}
