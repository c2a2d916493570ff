import { AppError } from '#domain/errors.ts';
import { tooManyRequests } from '#server/platform/auth/rate-limit.ts';
import type { LoginThrottle } from '#server/platform/auth/throttle.ts';
import type { FlowRepo } from '#server/platform/flows/repo.ts';
import { tokenHash } from '#server/platform/sessions/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { AccountRepo } from './repo.ts';

/** Who asks: a signed-in member, or a viewer on the sign-up form (its flow's cookie token). */
export type UserIdAsker = { accountId: string } | { signupFlow: string | undefined };

/**
 * The user-ID availability check, for someone choosing an ID: a viewer on the sign-up form (the
 * e-mail already proven by its code) or a signed-in member. It is throttled like a login, since
 * its answer says whether an ID belongs to a member.
 */
export function createUserIdCheck(deps: { accounts: AccountRepo; flows: FlowRepo; throttle: LoginThrottle; clock: () => Date }) {
  return {
    async assertAvailable(caller: Scope, userId: string | null, asker: UserIdAsker): Promise<void> {
      if (!caller.store.settings.features.userId) throw new AppError('NOT_FOUND');
      const storeId = caller.store.storeId;
      let who: string;
      if ('accountId' in asker) who = `uidcheck:acct:${storeId}:${asker.accountId}`;
      else {
        const flow = await deps.flows.find('signUp', asker.signupFlow, deps.clock());
        if (!flow?.emailVerifiedAt || !asker.signupFlow) throw new AppError('SIGNUP_FLOW_EXPIRED', { message: 'signup.timeout' });
        who = `uidcheck:flow:${storeId}:${tokenHash(asker.signupFlow)}`;
      }
      const keys = { storeId, account: who, address: `uidcheck:ip:${storeId}:${caller.clientIp}` };
      const now = deps.clock();
      const decision = await deps.throttle.check(keys, now);
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
      await deps.throttle.recordFailure(keys, now);
      const owner = userId ? await deps.accounts.findByUserId(userId) : null;
      if (owner && !('accountId' in asker && owner.id === asker.accountId)) {
        throw new AppError('ACCOUNT_ALREADY_EXISTS_USER_ID', { message: 'signup.userIdExists', fields: { userId: 'signup.userIdExists' } });
      }
    },
  };
}
export type UserIdCheck = ReturnType<typeof createUserIdCheck>;
