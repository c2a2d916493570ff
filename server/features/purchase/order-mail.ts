// The order confirmation mail (issue 20.5, decision 0045): the purchase service records one job
// when an order completes (once: `completedNow`), the mail worker sends it in the member's
// language with the final confirmation's legal items, derived again from the stored order.

import { LEGAL_NOTICE_PATH } from '#domain/commerce/legal-paths.ts';
import { methodLabel, methodTypeLabel } from '#domain/commerce/method-texts.ts';
import type { OrderComputation } from '#domain/commerce/order.ts';
import { orderTerms } from '#domain/commerce/order-terms.ts';
import { orderTermRows } from '#domain/commerce/order-terms-text.ts';
import type { PaymentMethodTypeName } from '#domain/commerce/payment-method-types.ts';
import { methodChoice } from '#domain/commerce/payment-methods.ts';
import { pickText } from '#domain/localized-text.ts';
import { planOf } from '#domain/plans.ts';
import type { PaymentMethodService } from '#server/features/payment-methods/service.ts';
import type { AccountRepo } from '#server/platform/accounts/repo.ts';
import { i18nFor } from '#server/platform/i18n/i18n.ts';
import { memberLanguage, type StoreMail } from '#server/platform/mail/store-mail.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import type { OrderConfirmationJob } from './order-mail-job.ts';
import type { PurchaseRepo } from './repo.ts';

export { ORDER_CONFIRMATION_JOB, type OrderConfirmationJob } from './order-mail-job.ts';

export function createOrderMail(deps: {
  accounts: Pick<AccountRepo, 'findById'>;
  orders: Pick<PurchaseRepo, 'order'>;
  methods: Pick<PaymentMethodService, 'list'>;
  mail: StoreMail;
  storeOf: (storeId: string) => Promise<StoreContext>;
}) {
  /** Runs inside the job's store scope (the mail queue's worker). */
  return async function deliver(storeId: string, job: OrderConfirmationJob): Promise<void> {
    const account = await deps.accounts.findById(job.accountId);
    const order = await deps.orders.order(job.orderId);
    if (!account || !order || order.accountId !== account.id || order.status !== 'completed') return;
    const store = await deps.storeOf(storeId);
    const plan = planOf(store.settings, order.planId);
    if (!plan) return;
    const lang = memberLanguage(account.language, store.settings.defaultLanguage ?? 'ja');
    const i18n = i18nFor(lang);
    const origin = deps.mail.origin(store.settings);
    const stored = (await deps.methods.list(account.id)).find((m) => m.accountPaymentMethodId === order.paymentMethod);
    const rows = orderTermRows(i18n, orderTerms(plan, order.computation as OrderComputation));
    const cancel = rows.find((r) => r.link)?.link;
    await deps.mail.send(
      store.settings,
      'orderConfirmation',
      account.email,
      {
        subscription: plan.planType === 'subscription',
        planName: pickText(plan.planName, lang),
        orderId: order.id,
        orderedAt: order.completedAt ?? order.createdAt,
        paymentMethod: stored
          ? methodLabel(i18n, methodChoice(stored))
          : methodTypeLabel(i18n, order.paymentMethod as PaymentMethodTypeName),
        terms: rows.map((r) => [r.label, r.text] as const),
        cancel: cancel ? { label: cancel.label, url: `${origin}${cancel.path}` } : null,
        legalUrl: `${origin}${LEGAL_NOTICE_PATH}`,
        myPageUrl: `${origin}/mypage`,
      },
      { lang },
    );
  };
}
