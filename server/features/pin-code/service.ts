// The profile PIN code of the TV app (spec 2 "PIN code setting", 4 "PIN"): stored only as a hash,
// with the password hashing (argon2id), since four digits are easy to try offline.
import { AppError } from '#domain/errors.ts';
import { hashPassword } from '#server/platform/auth/passwords.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { PinCodeRepo } from './repo.ts';

export const PIN_CODE_COMPLETE_PATH = '/mypage/pin-code/complete';

export function createPinCodeService(deps: { repo: PinCodeRepo; clock: () => Date }) {
  return {
    /** Sets the member's PIN; the answer names the completion page. */
    async set({ store }: Scope, accountId: string, pinCode: string): Promise<{ redirectTo: string }> {
      if (!store.settings.features.pinCode) throw new AppError('NOT_FOUND');
      const ok = await deps.repo.set(accountId, await hashPassword(pinCode), deps.clock());
      if (!ok) throw new AppError('UNAUTHORIZED');
      return { redirectTo: PIN_CODE_COMPLETE_PATH };
    },
  };
}
export type PinCodeService = ReturnType<typeof createPinCodeService>;
