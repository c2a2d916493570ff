// The member's password (spec 2 "Password setting", 5 "Password"): setting one through a code to
// their address when they have none, and changing it with the current one. Wrong current passwords
// are throttled like logins; a change ends the member's other sessions.
import { AppError } from '#domain/errors.ts';
import { needsPasswordFirst } from '#domain/mypage/account-rows.ts';
import type { Account, AccountRepo } from '#server/platform/accounts/repo.ts';
import { passwordProblemMessageKeys, passwordProblems } from '#server/platform/auth/password-rules.ts';
import { hashPassword, verifyPassword } from '#server/platform/auth/passwords.ts';
import type { SessionService } from '#server/platform/sessions/service.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { CredentialCheck } from './credential-check.ts';
import type { MemberFlows } from './member-flow.ts';

/** What the rows and pages know of a member's credentials (every account has an e-mail identifier today). */
export const credentialsOf = (account: Pick<Account, 'passwordHash'>) => ({
  hasPassword: account.passwordHash !== null,
  hasEmailIdentifier: true,
});

function assertNewPasswordFine(account: Account, password: string, field: string) {
  const problem = passwordProblems(password, { email: account.email, userId: account.userId })[0];
  if (problem) throw new AppError('VALIDATION_FAILED', { fields: { [field]: passwordProblemMessageKeys[problem] } });
}

export function createPasswordService(deps: {
  accounts: AccountRepo;
  memberFlows: MemberFlows;
  sessions: SessionService;
  credentialCheck: CredentialCheck;
  clock: () => Date;
}) {
  const { accounts, memberFlows } = deps;
  const member = async (accountId: string) => {
    const account = await accounts.findById(accountId);
    if (!account) throw new AppError('UNAUTHORIZED');
    return account;
  };

  return {
    /**
     * Entering /mypage/enable-password: the member's flow, with a code mailed to their address
     * unless a flow is under way already (a reload does not mail again; the resend link does).
     * Null: keep the browser's flow. A send over the limits still opens the flow, so the page
     * shows and its resend link answers with the wait.
     */
    async startSetting(caller: Scope, accountId: string, token: string | undefined, opts: { mail: boolean }) {
      if (await memberFlows.find('passwordSetting', accountId, token)) return null;
      const account = await member(accountId);
      if (opts.mail) {
        try {
          return await memberFlows.start(caller, 'passwordSetting', accountId, account.email, token);
        } catch (e) {
          if (!(e instanceof AppError && e.code === 'TOO_MANY_REQUESTS')) throw e;
        }
      }
      return memberFlows.open('passwordSetting', accountId, account.email, token);
    },

    /** The address the setting's code goes to, or null when no flow is under way. */
    async settingAddress(accountId: string, token: string | undefined) {
      return (await memberFlows.find('passwordSetting', accountId, token))?.email ?? null;
    },

    /** POST /zapi/account/enable-password: the code proves the address; the member gets a password. */
    async enable(caller: Scope, accountId: string, input: { pinCode: string; password: string }, token: string | undefined) {
      const account = await member(accountId);
      if (!needsPasswordFirst(credentialsOf(account))) throw new AppError('CONFLICT', { message: 'account.passwordAlreadySet' });
      // Before the code, which is single use: a refused password leaves it usable.
      assertNewPasswordFine(account, input.password, 'password');
      const hash = await hashPassword(input.password);
      const proven = await memberFlows.checkCode(caller, 'passwordSetting', accountId, token, input.pinCode);
      await accounts.setPassword(accountId, hash, deps.clock());
      await memberFlows.end('passwordSetting', proven.token);
    },

    /**
     * POST /zapi/account/password/edit. A wrong current password is 401 on oldPassword; the same
     * password again is INVALID_PASSWORD_REUSED on newPassword. Every other session of the member
     * ends; `sessionToken` (this browser's) stays.
     */
    async change(caller: Scope, accountId: string, input: { oldPassword: string; newPassword: string }, sessionToken: string) {
      const account = await member(accountId);
      if (needsPasswordFirst(credentialsOf(account))) throw new AppError('CONFLICT', { message: 'account.passwordFirst' });
      await deps.credentialCheck.assertPassword(caller, account, input.oldPassword, 'oldPassword');
      if (await verifyPassword(account.passwordHash, input.newPassword)) {
        throw new AppError('INVALID_PASSWORD_REUSED', { message: 'password.reused', fields: { newPassword: 'password.reused' } });
      }
      assertNewPasswordFine(account, input.newPassword, 'newPassword');
      await accounts.setPassword(accountId, await hashPassword(input.newPassword), deps.clock());
      await deps.sessions.endOthers(accountId, sessionToken);
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
