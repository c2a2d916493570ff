// Withdrawal from membership (spec 2, 4 "Withdrawal", 7): the confirmation (consent and the
// store's survey) mails a one-time code of the withdraw purpose to the member; the code erases
// the account (decision 0014).
import { AppError } from '#domain/errors.ts';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';
import type { FlowRepo } from '#server/platform/flows/repo.ts';
import type { SessionAccount } from '#server/platform/sessions/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import { codePurpose } from '#server/platform/verification/purposes.ts';
import type { CodeVerification } from '#server/platform/verification/service.ts';
import type { ContractBlock } from './contract-block.ts';
import type { WithdrawalRepo } from './repo.ts';

/** How long the code step stays open after the confirmation. */
export const WITHDRAW_FLOW_MINUTES = 60;
export const WITHDRAW_PIN_CODE_PATH = '/withdraw/pin-code';
export const WITHDRAW_COMPLETE_PATH = '/withdraw/complete';

export function createWithdrawalService(deps: {
  repo: WithdrawalRepo;
  flows: FlowRepo;
  verification: CodeVerification;
  contractBlock: ContractBlock;
  clock: () => Date;
}) {
  const { flows, verification, clock } = deps;

  async function assertNotBlocked(accountId: string) {
    // Billing's block (decision 0014): withdrawal is refused while a contract subscription exists.
    if (await deps.contractBlock(accountId)) throw new AppError('WITHDRAWAL_BLOCKED_BY_PLAN');
  }

  /** The member's open code step, or null (none, expired, or another member's). */
  async function flowOf(member: SessionAccount, token: string | undefined) {
    const found = await verification.flowOf('withdraw', token);
    return found && found.flow.identifier === member.accountId && found.flow.email ? { ...found, email: found.flow.email } : null;
  }

  return {
    flowOf,

    /** Whether a subscription keeps the member from withdrawing now (the page says so up front). */
    async isBlocked(accountId: string): Promise<boolean> {
      return (await deps.contractBlock(accountId)) !== null;
    },

    /**
     * The confirmation: mails the code to the member's address and opens the code step (a new
     * flow bound to this member; one already open ends). Returns the flow for the route's cookie.
     * The answers to the store's withdrawal survey (checked by the route) wait in the flow until
     * the code, then are kept with the withdrawal (decision 0014).
     */
    async confirm(scope: Scope, member: SessionAccount, answers: SurveyAnswer[], token: string | undefined) {
      await assertNotBlocked(member.accountId);
      await verification.send(scope, 'withdraw', member.email);
      if (token) await flows.delete('withdraw', token);
      const expiresAt = new Date(clock().getTime() + WITHDRAW_FLOW_MINUTES * 60_000);
      const newToken = await flows.create(
        'withdraw',
        { identifier: member.accountId, email: member.email, surveyAnswers: answers },
        expiresAt,
      );
      return { token: newToken, maxAgeSeconds: WITHDRAW_FLOW_MINUTES * 60, redirectTo: WITHDRAW_PIN_CODE_PATH };
    },

    /** The code: checks it, then erases the account. The route ends the browser's session. */
    async withdraw(scope: Scope, member: SessionAccount, pinCode: string, token: string | undefined): Promise<{ redirectTo: string }> {
      const found = await flowOf(member, token);
      if (!found) throw codePurpose('withdraw').expired();
      await verification.check(scope, 'withdraw', { token: found.token, flow: found.flow, email: found.email, code: pinCode });
      await assertNotBlocked(member.accountId);
      const erased = await deps.repo.erase(member.accountId, found.flow.surveyAnswers ?? [], clock());
      await flows.delete('withdraw', found.token);
      if (!erased) throw new AppError('UNAUTHORIZED');
      return { redirectTo: WITHDRAW_COMPLETE_PATH };
    },
  };
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
