// The member's payment history and its invoices (member-area 2 "Payment history", "Invoice", 3;
// decision 0020): one row per successful charge (the billing engine's `earnings`), one year back,
// newest first; the invoice prints the row with the store's invoice settings. A refund (decision
// 0052) is its own row with a negative amount, and the refunded payment's invoice lists it.

import { historyStart, PAYMENT_HISTORY_PER_PAGE } from '#domain/billing/payment-history.ts';
import type { InvoiceScreen, PaymentHistoryPage, PaymentMethodDisplay } from '#domain/billing/subscription-screens.ts';
import { AppError } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { paging } from '#domain/mypage/login-history.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';

/** One charge as the repository gives it (a snapshot taken when it was charged). */
export type EarningsRecord = {
  id: string;
  accountId: string;
  /** The order or subscription the charge belongs to (the invoice's reference). */
  reference: string;
  planName: string;
  method: PaymentMethodDisplay;
  billingAmount: number;
  taxRate: number;
  taxAmount: number;
  netAmount: number;
  createdAt: Date;
};

export type EarningsRepo = {
  count(accountId: string, since: Date): Promise<number>;
  page(accountId: string, since: Date, limit: number, offset: number, lang: Language): Promise<EarningsRecord[]>;
  find(accountId: string, id: string, lang: Language): Promise<EarningsRecord | null>;
  contactEmail(accountId: string): Promise<string | null>;
  /** The done refunds of one of the member's payments, oldest first: when, how much and the tax in it. */
  refundsOf(
    accountId: string,
    earningsId: string,
  ): Promise<Array<{ refundId: string; refundedAt: Date; billingAmount: number; taxAmount: number }>>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createPaymentHistoryService(deps: { repo: EarningsRepo; clock: () => Date }) {
  const { repo, clock } = deps;
  return {
    /** One page of the member's charges of the last year; a page past the end shows the last one. */
    async page(accountId: string, page: number, lang: Language): Promise<PaymentHistoryPage> {
      const since = historyStart(clock());
      const total = await repo.count(accountId, since);
      const p = paging(page, total, PAYMENT_HISTORY_PER_PAGE);
      const rows = total === 0 ? [] : await repo.page(accountId, since, p.perPage, p.offset, lang);
      return {
        data: rows.map((r) => ({
          earningsId: r.id,
          createdAt: r.createdAt.toISOString(),
          planName: r.planName,
          accountPaymentMethod: r.method,
          billingAmount: r.billingAmount,
          netBillingAmount: r.netAmount,
          taxAmount: r.taxAmount,
        })),
        currentPage: p.currentPage,
        lastPage: p.lastPage,
        perPage: p.perPage,
        totalCount: p.totalCount,
      };
    },

    /** The invoice of one of the member's charges (another member's or store's: 404). */
    async invoice(scope: Scope, accountId: string, earningsId: string): Promise<InvoiceScreen> {
      const r = UUID.test(earningsId) ? await repo.find(accountId, earningsId, scope.lang) : null;
      if (!r) throw new AppError('NOT_FOUND');
      const { settings } = scope.store;
      return {
        earningsId: r.id,
        contactEmail: (await repo.contactEmail(accountId)) ?? '',
        planName: r.planName,
        orderInfoId: r.reference,
        billingAmount: r.billingAmount,
        netBillingAmount: r.netAmount,
        taxAmount: r.taxAmount,
        taxRate: r.taxRate,
        createdAt: r.createdAt.toISOString(),
        accountPaymentMethod: r.method,
        invoiceRegistrationNumber: settings.invoice?.registrationNumber ?? null,
        businessName: settings.invoice?.businessName ?? settings.businessName,
        serviceName: settings.serviceName,
        logoUrl: settings.invoice?.logo ?? settings.images.logoPc,
        refunds: (await repo.refundsOf(accountId, r.id)).map((x) => ({
          refundId: x.refundId,
          refundedAt: x.refundedAt.toISOString(),
          billingAmount: x.billingAmount,
          taxAmount: x.taxAmount,
        })),
      };
    },
  };
}
export type PaymentHistoryService = ReturnType<typeof createPaymentHistoryService>;
