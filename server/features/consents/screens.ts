import { AppError } from '#domain/errors.ts';
import { privacyPolicyHref } from '#domain/mypage/consent-screen.ts';
import { consentScreenType } from '#domain/mypage/feature-routes.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { ScreenLoaders } from '#server/platform/screens/types.ts';
import type { ConsentService } from './service.ts';

/** /mypage/consent?type=newsletter|privacy: a flag off is a 404 page, a guest goes to login. */
export function consentScreens(consents: ConsentService): ScreenLoaders<'/mypage/consent'> {
  return {
    async '/mypage/consent'(ctx) {
      const type = consentScreenType(ctx.query.get('type'));
      if (!ctx.store.settings.features[type]) throw new AppError('NOT_FOUND');
      const member = memberOnly(ctx);
      if ('redirectTo' in member) return member;
      const options = await consents.options(ctx.scope, member.account.accountId, type);
      const policies = ctx.store.settings.policies;
      return { data: { type, options, privacyPolicyHref: type === 'privacy' ? privacyPolicyHref(policies) : null } };
    },
  };
}
