// The member's current password, asked again before a password or user-ID change. Wrong answers
// are throttled per member and per client like logins (LOGIN_THROTTLE), so a session left open
// cannot be used to guess the password.
import { AppError } from '#domain/errors.ts';
import type { Account } from '#server/platform/accounts/repo.ts';
import { verifyPassword } from '#server/platform/auth/passwords.ts';
import { tooManyRequests } from '#server/platform/auth/rate-limit.ts';
import type { LoginThrottle } from '#server/platform/auth/throttle.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';

export function createCredentialCheck(deps: { throttle: LoginThrottle; clock: () => Date }) {
  return {
    /** Throws REQUEST_UNAUTHORIZED (401, 'パスワードが正しくありません。' on `field`) for a wrong password. */
    async assertPassword(caller: Scope, account: Pick<Account, 'id' | 'passwordHash'>, password: string, field: string) {
      const storeId = caller.store.storeId;
      const keys = { storeId, account: `reauth:acct:${storeId}:${account.id}`, address: `reauth:ip:${storeId}:${caller.clientIp}` };
      const now = deps.clock();
      const decision = await deps.throttle.check(keys, now);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, { messageKey: 'login.tryLater' });
      if (await verifyPassword(account.passwordHash, password)) {
        await deps.throttle.recordSuccess(keys);
        return;
      }
      await deps.throttle.recordFailure(keys, now);
      throw new AppError('REQUEST_UNAUTHORIZED', { message: 'account.passwordIncorrect', fields: { [field]: 'password.incorrect' } });
    },
  };
}
export type CredentialCheck = ReturnType<typeof createCredentialCheck>;
