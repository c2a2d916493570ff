import { AppError } from '#domain/errors.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';

type Pattern = '/mypage/social/enable/complete' | '/mypage/social/disable/complete' | '/social/relate/error';

/** The completion pages (member only, not in the app, only where the store offers external IDs) and the relate-error page. */
export function externalIdScreens(): ScreenLoaders<Pattern> {
  const complete = async (ctx: ScreenContext) => {
    if (ctx.store.publicSettings.externalIdProviders.length === 0 || ctx.browserInfo.isApp) throw new AppError('NOT_FOUND');
    const member = memberOnly(ctx);
    return 'redirectTo' in member ? member : { data: {} };
  };
  return {
    '/mypage/social/enable/complete': complete,
    '/mypage/social/disable/complete': complete,
    async '/social/relate/error'(ctx) {
      return { data: { type: ctx.query.get('type') === 'ACCOUNT_ALREADY_EXISTS' ? 'ACCOUNT_ALREADY_EXISTS' : 'SYSTEM_ERROR' } };
    },
  };
}
