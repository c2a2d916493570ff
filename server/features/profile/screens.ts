import { AppError } from '#domain/errors.ts';
import { isFeatureOn, pageFeature } from '#domain/mypage/feature-routes.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import type { ProfileService } from './service.ts';

type ProfilePattern = '/mypage/edit' | '/mypage/edit/complete' | '/mypage/profile/edit';

/** A page whose store flag is off does not exist (404); a guest goes to the login page. */
function guard(ctx: ScreenContext, pathname: string) {
  if (!isFeatureOn(pageFeature(pathname), ctx.store.settings.features)) throw new AppError('NOT_FOUND');
  return memberOnly(ctx);
}

/** Basic information edit and its completion, and the profile image (spec 2). */
export function profileScreens(profiles: ProfileService): ScreenLoaders<ProfilePattern> {
  return {
    async '/mypage/edit'(ctx) {
      const who = guard(ctx, '/mypage/edit');
      if ('redirectTo' in who) return who;
      return { data: { values: await profiles.editDefaults(ctx.scope, who.account.accountId) } };
    },
    async '/mypage/edit/complete'(ctx) {
      const who = guard(ctx, '/mypage/edit/complete');
      return 'redirectTo' in who ? who : { data: {} };
    },
    async '/mypage/profile/edit'(ctx) {
      const who = guard(ctx, '/mypage/profile/edit');
      if ('redirectTo' in who) return who;
      return { data: { profileImageUrl: await profiles.imageUrlOf(who.account.accountId) } };
    },
  };
}
