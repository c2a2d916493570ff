// One service for every one-time code: asking for one, checking one entered in a flow, resending
// the code of the flow in progress, and the mail worker's half of a code sent after the answer.
// What differs between purposes is in purposes.ts.
import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import type { SendLimiter } from '#server/platform/auth/send-limits.ts';
import type { Flow, FlowRepo } from '#server/platform/flows/repo.ts';
import type { MailQueue } from '#server/platform/mail/queue.ts';
import { memberLanguage, type StoreMail } from '#server/platform/mail/store-mail.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { CodeRepo } from './code-repo.ts';
import { type AuthCodePurpose, codePurpose } from './purposes.ts';
import { QUEUED_CODE_JOB, type QueuedCodeJob } from './queued-code.ts';

/** Wrong codes a flow may enter; then it takes no more and the viewer starts again. */
export const FLOW_MAX_WRONG_CODES = 5;

export { QUEUED_CODE_JOB, type QueuedCodeJob } from './queued-code.ts';

export function createCodeVerification(deps: {
  codes: CodeRepo;
  flows: FlowRepo;
  accounts: AccountRepo;
  sendLimits: SendLimiter;
  mailQueue: MailQueue;
  mail: StoreMail;
  clock: () => Date;
  /** The store's settings by id, for the worker (the store cache). */
  storeOf: (storeId: string) => Promise<StoreContext>;
}) {
  const { codes, flows, sendLimits } = deps;

  /** Issues a code and mails it in `lang`; the code's validity is the store's. */
  async function issueAndMail(store: StoreContext, purpose: AuthCodePurpose, email: string, lang: Language) {
    const minutes = store.settings.authCode.validityMinutes;
    const { code } = await codes.issue({ email, purpose, validityMinutes: minutes });
    return deps.mail.send(store.settings, 'authCode', email, { code, purpose, validityMinutes: minutes }, { lang });
  }

  /**
   * Asks for a code for `name` (an address, or for login whatever the viewer typed). The same
   * work for a member and a stranger; throws 429 when the client or store is over its limits.
   * Past the address's hourly cap no new mail goes out, and the code already sent stays usable.
   */
  async function send(caller: Scope, purpose: AuthCodePurpose, name: string): Promise<void> {
    const rule = codePurpose(purpose);
    const storeId = caller.store.storeId;
    await sendLimits.request({ clientIp: caller.clientIp, purpose, name });
    if (rule.delivery === 'afterAnswer') {
      const job: QueuedCodeJob = { identifier: name, lang: caller.lang, purpose };
      await deps.mailQueue.enqueue(storeId, QUEUED_CODE_JOB, job);
      deps.mailQueue.kick();
      return;
    }
    if (!(await sendLimits.addressAllows(purpose, name))) return;
    const sent = await issueAndMail(caller.store, purpose, name, caller.lang);
    if (sent.status === 'failed') throw new AppError('SERVICE_UNAVAILABLE', { message: 'authCode.sendFailed' });
  }

  return {
    send,

    /** The mail worker's half of a code sent after the answer: only a member gets one, while the address is under its cap. */
    async deliverQueued(storeId: string, job: QueuedCodeJob): Promise<void> {
      const purpose = job.purpose ?? 'login';
      const account = await deps.accounts.findByLogin(job.identifier);
      if (!account) return;
      if (!(await sendLimits.addressAllows(purpose, account.email))) return;
      await issueAndMail(await deps.storeOf(storeId), purpose, account.email, memberLanguage(account.language, job.lang));
    },

    /** The live flow of the purpose that the browser's cookie names, or null. */
    async flowOf(purpose: AuthCodePurpose, token: string | undefined): Promise<{ flow: Flow; token: string } | null> {
      const flow = await flows.find(codePurpose(purpose).flow, token, deps.clock());
      return flow && token ? { flow, token } : null;
    },

    /**
     * Checks a code entered in a flow. Wrong entries count against this flow (5, then the flow is
     * dead: the right code fails too) and against the client address, never against the code, so a
     * stranger guessing cannot spoil the code in the owner's mailbox. Throws PIN_CODE_ERROR on the
     * purpose's field.
     */
    async check(
      caller: Scope,
      purpose: AuthCodePurpose,
      input: { token: string; flow: Pick<Flow, 'failedAttempts'>; email: string; code: string },
    ): Promise<void> {
      const rule = codePurpose(purpose);
      const fail = () => new AppError('PIN_CODE_ERROR', { field: rule.field, message: 'authCode.failed' });
      if (input.flow.failedAttempts >= FLOW_MAX_WRONG_CODES) throw fail();
      await sendLimits.assertMayTryCode(caller.clientIp);
      const ok = await codes.verify({ email: input.email, purpose, code: input.code }).then(
        () => true,
        (e: unknown) => {
          if (e instanceof AppError && e.code === 'PIN_CODE_ERROR') return false;
          throw e;
        },
      );
      if (ok) return;
      await flows.recordFailedAttempt(rule.flow, input.token);
      await sendLimits.recordWrongCode(caller.clientIp);
      throw fail();
    },

    /** Sends the code of the flow in progress again (POST /zapi/account/email/send-pin-code). */
    async resend(
      caller: Scope,
      purpose: AuthCodePurpose,
      input: { token: string | undefined; email?: string; accountId?: string | null },
    ): Promise<void> {
      const rule = codePurpose(purpose);
      if (rule.memberOnly && !input.accountId) throw new AppError('UNAUTHORIZED');
      const found = await flows.find(rule.flow, input.token, deps.clock());
      const address = found && rule.addressOf(found);
      if (!found || !input.token || !address) throw rule.expired();
      // A member's flow left in this browser by another member is not this one's to resend.
      if (rule.memberOnly && found.identifier !== input.accountId) throw rule.expired();
      if (rule.resendChecksEmail && input.email && input.email !== address) throw rule.expired();
      await send(caller, purpose, address);
      // A new code gives the flow its 5 tries again (the client's own limit still holds).
      await flows.update(rule.flow, input.token, { failedAttempts: 0 });
    },
  };
}
export type CodeVerification = ReturnType<typeof createCodeVerification>;
