// The user-ID change of My Page (spec 5 "User ID"): confirmed with the member's password.
import { AppError } from '#domain/errors.ts';
import { needsPasswordFirst } from '#domain/mypage/account-rows.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { CredentialCheck } from './credential-check.ts';
import { credentialsOf } from './passwords.ts';

const idTaken = () =>
  new AppError('ACCOUNT_ALREADY_EXISTS_USER_ID', { message: 'signup.userIdExists', fields: { userId: 'signup.userIdExists' } });

export function createUserIdChangeService(deps: { accounts: AccountRepo; credentialCheck: CredentialCheck; clock: () => Date }) {
  const { accounts } = deps;
  return {
    /** The member's user ID, or null (the edit page's data). */
    async current(accountId: string): Promise<string | null> {
      return (await accounts.findById(accountId))?.userId ?? null;
    },

    /**
     * POST /zapi/account/user-id/edit: a wrong password is REQUEST_UNAUTHORIZED on `password`, an
     * ID another member has is ACCOUNT_ALREADY_EXISTS_USER_ID (the route has checked it differs).
     */
    async change(caller: Scope, accountId: string, input: { userId: string; password: string }) {
      const account = await accounts.findById(accountId);
      if (!account) throw new AppError('UNAUTHORIZED');
      if (needsPasswordFirst(credentialsOf(account))) throw new AppError('CONFLICT', { message: 'account.passwordFirst' });
      await deps.credentialCheck.assertPassword(caller, account, input.password, 'password');
      const owner = await accounts.findByUserId(input.userId);
      if (owner && owner.id !== accountId) throw idTaken();
      try {
        await accounts.setUserId(accountId, input.userId, deps.clock());
      } catch (e) {
        if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_USER_ID') throw idTaken();
        throw e;
      }
    },
  };
}
export type UserIdChangeService = ReturnType<typeof createUserIdChangeService>;
