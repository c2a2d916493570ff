// The e-mail change of My Page (spec 2 "E-mail change", 5 "E-mail"): a code to the new address,
// then the change, then a notice to the old address (after the answer, by the mail queue).
import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { isSameEmail } from '#domain/validation/email-edit.ts';
import { maskEmail } from '#server/features/login/screens.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import type { MailQueue } from '#server/platform/mail/queue.ts';
import { memberLanguage, type StoreMail } from '#server/platform/mail/store-mail.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { codePurpose } from '#server/platform/verification/purposes.ts';
import type { MemberFlows } from './member-flow.ts';

/** The mail job of the notice to the old address. */
export const EMAIL_CHANGED_JOB = 'emailChanged';
export type EmailChangedJob = { to: string; newEmail: string; at: string; lang: Language };

const emailTaken = () =>
  new AppError('ACCOUNT_ALREADY_EXISTS_EMAIL', { message: 'signup.emailExistsSummary', fields: { email: 'signup.emailExists' } });

export function createEmailChangeService(deps: {
  accounts: AccountRepo;
  memberFlows: MemberFlows;
  mailQueue: MailQueue;
  mail: StoreMail;
  clock: () => Date;
  storeOf: (storeId: string) => Promise<StoreContext>;
}) {
  const { accounts, memberFlows } = deps;
  return {
    /** Step 1: a code to the new address (refused when another member has it). The route has checked it differs. */
    async start(caller: Scope, accountId: string, email: string, token: string | undefined) {
      const owner = await accounts.findByEmail(email);
      if (owner && owner.id !== accountId) throw emailTaken();
      return memberFlows.start(caller, 'mailEdit', accountId, email, token);
    },

    /** The address step 2 is confirming, or null when no change is under way. */
    async pending(accountId: string, token: string | undefined): Promise<string | null> {
      return (await memberFlows.find('mailEdit', accountId, token))?.email ?? null;
    },

    /** Step 2: the code proves the new address; the account takes it and the old address is told. */
    async complete(caller: Scope, accountId: string, input: { email: string; pinCode: string }, token: string | undefined) {
      const storeId = caller.store.storeId;
      const pending = await memberFlows.find('mailEdit', accountId, token);
      // The page sends the address it shows: a change started elsewhere since then is not this one.
      if (!pending || !isSameEmail(input.email, pending.email)) throw codePurpose('mailEdit').expired();
      const account = await accounts.findById(accountId);
      if (!account) throw new AppError('UNAUTHORIZED');
      const proven = await memberFlows.checkCode(caller, 'mailEdit', accountId, token, input.pinCode);
      const now = deps.clock();
      try {
        await accounts.setEmail(accountId, proven.email, now);
      } catch (e) {
        if (e instanceof AppError && e.code === 'ACCOUNT_ALREADY_EXISTS_EMAIL') throw emailTaken();
        throw e;
      }
      await memberFlows.end('mailEdit', proven.token);
      const job: EmailChangedJob = {
        to: account.email,
        newEmail: maskEmail(proven.email),
        at: now.toISOString(),
        lang: memberLanguage(account.language, caller.lang),
      };
      await deps.mailQueue.enqueue(storeId, EMAIL_CHANGED_JOB, job);
      deps.mailQueue.kick();
    },

    /** The mail worker's half: the notice to the old address, in the member's language. */
    async deliverNotice(storeId: string, job: EmailChangedJob): Promise<void> {
      const store = await deps.storeOf(storeId);
      await deps.mail.send(store.settings, 'emailChanged', job.to, { at: new Date(job.at), newEmail: job.newEmail }, { lang: job.lang });
    },
  };
}
export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
