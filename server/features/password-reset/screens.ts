import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';
import { type PasswordResetService, RESET_LINK_MINUTES } from './service.ts';

/** The reset page hints at checking the mail if it has not come within this many minutes (spec 4, 9). */
export const RESET_MAIL_HINT_MINUTES = 15;

type ResetPattern =
  | '/password/forgot'
  | '/password/forgot/complete'
  | '/password/reset'
  | '/password/reset/complete'
  | '/forgetpassword'
  | '/newpassword';

// A store without passwords (features.password false) has no reset: its pages lead to login.
const passwordsOff = (ctx: ScreenContext) => (ctx.store.settings.features.password ? null : { redirectTo: '/login' });

export function passwordResetScreens(resets: PasswordResetService): ScreenLoaders<ResetPattern> {
  return {
    '/password/forgot': async (ctx) => passwordsOff(ctx) ?? { data: { hintMinutes: RESET_MAIL_HINT_MINUTES } },
    '/password/forgot/complete': async (ctx) => passwordsOff(ctx) ?? { data: { hintMinutes: RESET_MAIL_HINT_MINUTES } },
    async '/password/reset'(ctx) {
      const off = passwordsOff(ctx);
      if (off) return off;
      const tokenValid = await resets.tokenValid(ctx.query.get('token') ?? '');
      return { data: { tokenValid, validityMinutes: RESET_LINK_MINUTES } };
    },
    '/password/reset/complete': async (ctx) => passwordsOff(ctx) ?? { data: {} },
    // Legacy addresses (spec 2) lead to the new pages, keeping the token.
    '/forgetpassword': async () => ({ redirectTo: '/password/forgot' }),
    async '/newpassword'(ctx) {
      const token = ctx.query.get('token');
      return { redirectTo: token ? `/password/reset?token=${encodeURIComponent(token)}` : '/password/forgot' };
    },
  };
}
