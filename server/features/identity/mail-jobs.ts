// The work behind a login-code or reset request, done by the mail worker after the answer, so the
// answer is the same, in content and in time, for a member and for a stranger (decision 0009).
import type { Language } from '#domain/language.ts';
import { RESET_LINK_MINUTES, RESET_LINKS_PER_HOUR } from '#server/features/password-reset/constants.ts';
import type { StoreCache } from '#server/tenancy/store-cache.ts';
import { mailOrigin, sendMail } from './mail.ts';
import type { IdentityServices } from './services.ts';

export type LoginCodeJob = { identifier: string; lang: Language };
export type PasswordResetJob = { email: string; lang: Language };

const memberLanguage = (language: string, fallback: Language): Language => (language === 'en' ? 'en' : language === 'ja' ? 'ja' : fallback);

export function registerIdentityMailJobs(ids: IdentityServices, stores: Pick<StoreCache, 'get'>) {
  const settingsOf = async (storeId: string) => {
    const store = await stores.get(storeId);
    if (!store) throw new Error(`mail job for unknown store ${storeId}`);
    return store.settings;
  };

  // A code for whatever name was typed: only a member gets one, and only while the address is under its cap.
  ids.mailQueue.on('loginCode', async (job) => {
    const { identifier, lang } = job.payload as LoginCodeJob;
    const account = await ids.accounts.findByLogin(job.storeId, identifier);
    if (!account) return;
    if (!(await ids.sendLimits.addressAllows(job.storeId, 'login', account.email))) return;
    const store = await settingsOf(job.storeId);
    const minutes = store.authCode.validityMinutes;
    const { code } = await (await ids.codes()).issue({
      storeId: job.storeId,
      email: account.email,
      purpose: 'login',
      validityMinutes: minutes,
    });
    await sendMail(
      ids,
      store,
      'authCode',
      account.email,
      { code, purpose: 'login', validityMinutes: minutes },
      {
        lang: memberLanguage(account.language, lang),
        devLog: { code },
      },
    );
  });

  ids.mailQueue.on('passwordReset', async (job) => {
    const { email, lang } = job.payload as PasswordResetJob;
    const account = await ids.accounts.findByEmail(job.storeId, email);
    if (!account) return;
    const now = ids.clock();
    if ((await ids.resets.countSince(job.storeId, account.id, new Date(now.getTime() - 3_600_000))) >= RESET_LINKS_PER_HOUR) return;
    const store = await settingsOf(job.storeId);
    const token = await ids.resets.create(job.storeId, account.id, new Date(now.getTime() + RESET_LINK_MINUTES * 60_000));
    const resetUrl = `${mailOrigin(ids, store)}/password/reset?token=${encodeURIComponent(token)}`;
    await sendMail(
      ids,
      store,
      'passwordReset',
      account.email,
      { resetUrl, validityMinutes: RESET_LINK_MINUTES },
      {
        lang: memberLanguage(account.language, lang),
        devLog: { resetUrl },
      },
    );
  });
}
