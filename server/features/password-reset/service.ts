import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import { passwordProblemMessageKeys, passwordProblems } from '#server/platform/auth/password-rules.ts';
import { hashPassword, verifyPassword } from '#server/platform/auth/passwords.ts';
import type { SendLimiter } from '#server/platform/auth/send-limits.ts';
import type { MailQueue } from '#server/platform/mail/queue.ts';
import { memberLanguage, type StoreMail } from '#server/platform/mail/store-mail.ts';
import type { SessionService } from '#server/platform/sessions/service.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { PasswordResetRepo } from './repo.ts';

/** How long a reset link works, and how many links one account may get per hour. */
export const RESET_LINK_MINUTES = 30;
export const RESET_LINKS_PER_HOUR = 5;

/** The mail job of a reset request (decided and sent by the worker after the answer). */
export const RESET_JOB = 'passwordReset';
export type PasswordResetJob = { email: string; lang: Language };

const invalidToken = () => new AppError('INVALID_RESET_TOKEN', { message: 'reset.invalidToken' });

/** Forgotten passwords: a link by mail (its token single use), then a new password. */
export function createPasswordResetService(deps: {
  resets: PasswordResetRepo;
  accounts: AccountRepo;
  sessions: SessionService;
  sendLimits: SendLimiter;
  mailQueue: MailQueue;
  mail: StoreMail;
  clock: () => Date;
  storeOf: (storeId: string) => Promise<StoreContext>;
}) {
  const { resets, accounts, clock } = deps;
  return {
    /**
     * Always the same answer, and the same work before it: whether the address is registered is
     * decided by the mail worker after the answer (deliver, decision 0009). Throws 429 over the limits.
     */
    async request(caller: Scope, email: string): Promise<void> {
      const storeId = caller.store.storeId;
      await deps.sendLimits.request({ clientIp: caller.clientIp, purpose: 'passwordReset', name: email });
      await deps.mailQueue.enqueue(storeId, RESET_JOB, { email, lang: caller.lang } satisfies PasswordResetJob);
      deps.mailQueue.kick();
    },

    /** The mail worker's half (inside the job's store, the queue's edge): a member under the hourly cap gets a link, in their language. */
    async deliver(storeId: string, job: PasswordResetJob): Promise<void> {
      const account = await accounts.findByEmail(job.email);
      if (!account) return;
      const now = clock();
      if ((await resets.countSince(account.id, new Date(now.getTime() - 3_600_000))) >= RESET_LINKS_PER_HOUR) return;
      const store = (await deps.storeOf(storeId)).settings;
      const token = await resets.create(account.id, new Date(now.getTime() + RESET_LINK_MINUTES * 60_000));
      const resetUrl = `${deps.mail.origin(store)}/password/reset?token=${encodeURIComponent(token)}`;
      await deps.mail.send(
        store,
        'passwordReset',
        account.email,
        { resetUrl, validityMinutes: RESET_LINK_MINUTES },
        { lang: memberLanguage(account.language, job.lang) },
      );
    },

    /** Whether a link's token still works (the reset page says so before the form). */
    async tokenValid(token: string): Promise<boolean> {
      return token !== '' && (await resets.find(token, clock())) !== null;
    },

    /** Sets the new password; every open link stops working and every session ends. */
    async reset(input: { token: string; password: string }): Promise<void> {
      const now = clock();
      const accountId = await resets.find(input.token, now);
      const account = accountId ? await accounts.findById(accountId) : null;
      if (!account) throw invalidToken();
      if (await verifyPassword(account.passwordHash, input.password)) {
        throw new AppError('INVALID_PASSWORD_REUSED', { message: 'password.reused', fields: { password: 'password.reused' } });
      }
      const problem = passwordProblems(input.password, { email: account.email, userId: account.userId })[0];
      if (problem) throw new AppError('VALIDATION_FAILED', { fields: { password: passwordProblemMessageKeys[problem] } });
      const hash = await hashPassword(input.password);
      if (!(await resets.consume(input.token, now))) throw invalidToken();
      await accounts.setPassword(account.id, hash, now);
      await resets.expireAll(account.id, now);
      // Whoever knew the old password is signed out everywhere.
      await deps.sessions.endAll(account.id);
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
