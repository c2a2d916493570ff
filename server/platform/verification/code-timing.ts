import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

/** The codes' resend countdown and "not arrived?" hint (spec 4, 9). */
export const RESEND_COUNTDOWN_SECONDS = 30;
export const RESEND_HINT_MINUTES = 5;

/** What a code-entry page tells the viewer about the code: how long it works, when to resend. */
export const codeTiming = (store: StoreContext) => ({
  validityMinutes: store.settings.authCode.validityMinutes,
  resendCountdownSeconds: RESEND_COUNTDOWN_SECONDS,
  resendHintMinutes: RESEND_HINT_MINUTES,
});
