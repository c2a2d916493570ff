import { AppError } from '#domain/errors.ts';
import type { Account } from '#server/features/accounts/repo.ts';
import { describeClient } from '#server/features/auth/device.ts';
import type { LoginType } from '#server/features/auth/login-history.ts';
import { verifyPassword } from '#server/features/auth/passwords.ts';
import { tooManyRequests } from '#server/features/auth/rate-limit.ts';
import { accountKey, addressKey, loginNameKey } from '#server/features/auth/throttle.ts';
import type { IdentityServices } from '#server/features/identity/services.ts';

export type ClientInfo = { ip: string; userAgent: string | undefined };

export function createLoginService(ids: IdentityServices) {
  async function record(storeId: string, accountId: string, result: boolean, loginType: LoginType, client: ClientInfo) {
    await ids.loginHistory.record({
      storeId,
      accountId,
      result,
      loginType,
      client: describeClient(client.userAgent, client.ip),
      at: ids.clock(),
    });
  }

  return {
    record,
    /**
     * Password login. Throttled per account (or per login name when none matches) and per
     * address; a failure answers the same whether or not the account exists.
     */
    async withPassword(storeId: string, input: { emailUserId: string; password: string }, client: ClientInfo): Promise<Account> {
      const now = ids.clock();
      const account = await ids.accounts.findByLogin(storeId, input.emailUserId);
      const keys = {
        storeId,
        account: account ? accountKey(storeId, account.id) : loginNameKey(storeId, input.emailUserId),
        address: addressKey(storeId, client.ip),
      };
      const decision = await ids.throttle.check(keys, now);
      if (!decision.allowed) {
        if (account) await record(storeId, account.id, false, 'password', client);
        throw tooManyRequests(decision.retryAfterSeconds, { code: 'LOGIN_BLOCKED', messageKey: 'login.tryLater' });
      }
      // With no account (or no password), verifyPassword checks a dummy hash: both take the same time.
      const ok = await verifyPassword(account?.passwordHash, input.password);
      if (!account || !ok || !account.passwordHash) {
        await ids.throttle.recordFailure(keys, now);
        if (account) await record(storeId, account.id, false, 'password', client);
        const byUserId = !input.emailUserId.includes('@');
        throw new AppError('LOGIN_FAILED', { message: byUserId ? 'login.wrongUserIdOrPassword' : 'login.wrongEmailOrPassword' });
      }
      await ids.throttle.recordSuccess(keys);
      await record(storeId, account.id, true, 'password', client);
      return account;
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
