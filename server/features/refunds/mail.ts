// Sends the refund mail job (repo.ts `complete` records it with the refund): what was refunded of
// which payment, in the member's language and the store's brand.
import type { LocalizedText } from '#config-schema/common.ts';
import { jstDay } from '#domain/commerce/order-dates.ts';
import { pickText } from '#domain/localized-text.ts';
import { methodLabel } from '#server/features/billing/mails.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import { memberLanguage, type StoreMail } from '#server/platform/mail/store-mail.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { RefundMailJob, RefundRepo } from './repo.ts';

export function createRefundMail(deps: {
  accounts: Pick<AccountRepo, 'findById'>;
  repo: Pick<RefundRepo, 'withPayment' | 'refundsOf' | 'payment'>;
  mail: StoreMail;
  storeOf: (storeId: string) => Promise<StoreContext>;
}) {
  /** Runs inside the job's store scope (the mail queue's worker). */
  return async function deliver(storeId: string, job: RefundMailJob): Promise<void> {
    const account = await deps.accounts.findById(job.accountId);
    const found = await deps.repo.withPayment(job.refundId);
    if (!account || !found || found.refund.status !== 'done' || found.payment.accountId !== account.id) return;
    const { refund, payment } = found;
    // What is left after this refund: the payment less its refunds done up to this one.
    const done = (await deps.repo.refundsOf(payment.id)).filter((r) => r.status === 'done');
    const upTo = done.slice(0, done.findIndex((r) => r.id === refund.id) + 1).reduce((n, r) => n + r.amount, 0);
    const store = await deps.storeOf(storeId);
    const lang = memberLanguage(account.language, store.settings.defaultLanguage ?? 'ja');
    // The refund's own earnings row holds the tax in it (negative).
    const row = refund.refundEarningsId ? await deps.repo.payment(refund.refundEarningsId) : null;
    const taxAmount = row ? -row.taxAmount : 0;
    await deps.mail.send(
      store.settings,
      'refundCompleted',
      account.email,
      {
        planName: pickText(payment.planName as LocalizedText, lang) ?? payment.planId,
        amount: refund.amount,
        taxAmount,
        taxRate: payment.taxRate,
        paidOn: jstDay(payment.createdAt),
        paidAmount: payment.billingAmount,
        refundedOn: jstDay(refund.completedAt ?? refund.createdAt),
        paymentMethod: methodLabel(payment.paymentMethodType, payment.paymentMethodInfo as Record<string, unknown>),
        remaining: Math.max(0, payment.billingAmount - upTo),
        historyUrl: `${deps.mail.origin(store.settings)}/mypage/payment-history`,
      },
      { lang },
    );
  };
}
