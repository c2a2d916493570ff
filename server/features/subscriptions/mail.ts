import type { StoreMail } from '#server/platform/mail/store-mail.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { SubscriptionMailJob } from './service.ts';

/** The mail worker's half of the cancellation and undo confirmations (in the member's language). */
export function createSubscriptionMail(deps: { mail: StoreMail; storeOf: (storeId: string) => Promise<StoreContext> }) {
  return async (storeId: string, job: SubscriptionMailJob): Promise<void> => {
    const store = await deps.storeOf(storeId);
    const detailUrl = `${deps.mail.origin(store.settings)}/mypage/subscription/${job.subscriptionId}`;
    const at = new Date(job.at);
    if (job.kind === 'subscriptionCancelled') {
      await deps.mail.send(
        store.settings,
        job.kind,
        job.to,
        { planName: job.planName, usableUntil: job.day, at, detailUrl },
        { lang: job.lang },
      );
    } else {
      await deps.mail.send(
        store.settings,
        job.kind,
        job.to,
        { planName: job.planName, nextSettlementDay: job.day, at, detailUrl },
        { lang: job.lang },
      );
    }
  };
}
