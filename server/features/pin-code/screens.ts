import { AppError } from '#domain/errors.ts';
import { memberOnly } from '#server/features/mypage/member-only.ts';
import type { ScreenContext, ScreenLoaders } from '#server/platform/screens/types.ts';

/** A PIN page: 404 without the pinCode flag, the login for a guest. */
async function pinCodePage(ctx: ScreenContext) {
  if (!ctx.store.settings.features.pinCode) throw new AppError('NOT_FOUND');
  const member = memberOnly(ctx);
  return 'redirectTo' in member ? member : { data: {} };
}

export function pinCodeScreens(): ScreenLoaders<'/mypage/pin-code' | '/mypage/pin-code/complete'> {
  return { '/mypage/pin-code': pinCodePage, '/mypage/pin-code/complete': pinCodePage };
}
