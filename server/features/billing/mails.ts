// Sends the billing engine's queued mails (mail-jobs.ts): the receipt of a charge and the notice
// of a failed one, in the member's language and the store's brand.
import { and, eq } from 'drizzle-orm';
import type { LocalizedText } from '#config-schema/common.ts';
import { jstDay } from '#domain/commerce/order-dates.ts';
import { pickText } from '#domain/localized-text.ts';
import { planOf } from '#domain/plans.ts';
import type { Db } from '#server/db/client.ts';
import { contracts, earnings } from '#server/db/schema.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import { memberLanguage, type StoreMail } from '#server/platform/mail/store-mail.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { BillingFailedJob, BillingReceiptJob } from './mail-jobs.ts';

/** "VISA **** 4242", a redirect method's label, or its type. */
export function methodLabel(type: string, info: Record<string, unknown>): string {
  const brands: Record<string, string> = { V: 'VISA', M: 'Mastercard', A: 'American Express', J: 'JCB', D: 'Diners Club' };
  if (typeof info.last4 === 'string') return `${brands[String(info.brand)] ?? 'Card'} **** ${info.last4}`;
  return typeof info.label === 'string' && info.label ? info.label : type;
}

export function createBillingMails(deps: {
  db: Db;
  accounts: AccountRepo;
  mail: StoreMail;
  storeOf: (storeId: string) => Promise<StoreContext>;
}) {
  const { db, accounts, mail } = deps;
  return {
    /** Runs inside the job's store scope (the mail queue's worker). */
    async deliverReceipt(storeId: string, job: BillingReceiptJob): Promise<void> {
      const account = await accounts.findById(job.accountId);
      const [e] = await db
        .select()
        .from(earnings)
        .where(and(eq(earnings.storeId, storeId), eq(earnings.id, job.earningsId)));
      if (!account || !e) return;
      const [c] = e.contractId
        ? await db
            .select({ next: contracts.nextSettlementDay, endedAt: contracts.endedAt })
            .from(contracts)
            .where(and(eq(contracts.storeId, storeId), eq(contracts.id, e.contractId)))
        : [];
      const store = await deps.storeOf(storeId);
      const lang = memberLanguage(account.language, store.settings.defaultLanguage ?? 'ja');
      await mail.send(
        store.settings,
        'billingReceipt',
        account.email,
        {
          planName: pickText(e.planName as LocalizedText, lang) ?? e.planId,
          amount: e.billingAmount,
          taxAmount: e.taxAmount,
          taxRate: e.taxRate,
          paidOn: jstDay(e.createdAt),
          nextSettlementDay: c && !c.endedAt ? c.next : null,
          paymentMethod: methodLabel(e.paymentMethodType, e.paymentMethodInfo as Record<string, unknown>),
          historyUrl: `${mail.origin(store.settings)}/mypage/payment-history`,
        },
        { lang },
      );
    },
    async deliverFailed(storeId: string, job: BillingFailedJob): Promise<void> {
      const account = await accounts.findById(job.accountId);
      if (!account) return;
      const store = await deps.storeOf(storeId);
      const lang = memberLanguage(account.language, store.settings.defaultLanguage ?? 'ja');
      const plan = planOf(store.settings, job.planId);
      await mail.send(
        store.settings,
        'billingFailed',
        account.email,
        {
          planName: plan ? (pickText(plan.planName, lang) ?? job.planId) : job.planId,
          amount: job.amount,
          ended: job.ended,
          retryUntil: job.retryUntil,
          plansUrl: `${mail.origin(store.settings)}/mypage/plans`,
        },
        { lang },
      );
    },
  };
}
