import { AppError } from '#domain/errors.ts';
import { policiesFor } from '#server/features/signup/screens.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';

/**
 * /terms and /privacy: the store's policy of that kind, to read at any time (the consent screen of
 * My Page links an internal privacy policy here). A store without one answers 404.
 */
export function policyScreens(): ScreenLoaders<'/terms' | '/privacy'> {
  const page = (key: 'terms' | 'privacy') => async (ctx: ScreenContext) => {
    const policy = policiesFor(ctx.store, ctx.lang).find((p) => p.key === key);
    if (!policy) throw new AppError('NOT_FOUND');
    return { data: { policy } };
  };
  return { '/terms': page('terms'), '/privacy': page('privacy') };
}
