// SQL of the payment history: the member's earnings rows (the billing engine writes them, one per
// successful charge; a refund writes a negative one), newest first, in the store's scope.
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { LocalizedText } from '#config-schema/common.ts';
import type { PaymentMethodDisplay } from '#domain/billing/subscription-screens.ts';
import type { PaymentMethodTypeName } from '#domain/commerce/payment-method-types.ts';
import type { Language } from '#domain/language.ts';
import { pickText } from '#domain/localized-text.ts';
import type { Db } from '#server/db/client.ts';
import { accounts, earnings, refunds } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';
import type { EarningsRecord, EarningsRepo } from './service.ts';

type Row = typeof earnings.$inferSelect;
type Info = { brand?: string; last4?: string; label?: string | null };

function methodOf(row: Row): PaymentMethodDisplay {
  const info = (row.paymentMethodInfo ?? {}) as Info;
  return {
    paymentMethodType: row.paymentMethodType as PaymentMethodTypeName,
    brand: info.brand ?? null,
    last4: info.last4 ?? null,
    label: info.label ?? null,
  };
}

const recordOf = (row: Row, lang: Language): EarningsRecord => ({
  id: row.id,
  accountId: row.accountId,
  reference: row.orderId ?? row.contractId ?? row.id,
  planName: pickText(row.planName as LocalizedText, lang),
  method: methodOf(row),
  billingAmount: row.billingAmount,
  taxRate: row.taxRate,
  taxAmount: row.taxAmount,
  netAmount: row.netAmount,
  createdAt: row.createdAt,
});

export function createEarningsHistoryRepo(db: Db): EarningsRepo {
  const mine = (accountId: string, since: Date) =>
    and(eq(earnings.storeId, scopedStoreId()), eq(earnings.accountId, accountId), gte(earnings.createdAt, since));
  // The count of the history's first page, on every visit: built once (decision 0060).
  const countOf = db
    .select({ n: count() })
    .from(earnings)
    .where(
      and(
        eq(earnings.storeId, sql.placeholder('storeId')),
        eq(earnings.accountId, sql.placeholder('accountId')),
        gte(earnings.createdAt, sql.placeholder('since')),
      ),
    )
    .prepare('earnings_count');
  return {
    async count(accountId, since) {
      // A placeholder is not encoded by its column: the instant as the column would send it.
      const [row] = await countOf.execute({ storeId: scopedStoreId(), accountId, since: since.toISOString() });
      return row?.n ?? 0;
    },
    async page(accountId, since, limit, offset, lang) {
      const rows = await db
        .select()
        .from(earnings)
        .where(mine(accountId, since))
        .orderBy(desc(earnings.createdAt), desc(earnings.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => recordOf(r, lang));
    },
    async find(accountId, id, lang) {
      const [row] = await db
        .select()
        .from(earnings)
        .where(and(eq(earnings.storeId, scopedStoreId()), eq(earnings.accountId, accountId), eq(earnings.id, id)));
      return row ? recordOf(row, lang) : null;
    },
    async refundsOf(accountId, earningsId) {
      const storeId = scopedStoreId();
      const rows = await db
        .select({ refundId: refunds.id, at: earnings.createdAt, billingAmount: earnings.billingAmount, taxAmount: earnings.taxAmount })
        .from(refunds)
        .innerJoin(earnings, and(eq(earnings.storeId, refunds.storeId), eq(earnings.id, refunds.refundEarningsId)))
        .where(
          and(
            eq(refunds.storeId, storeId),
            eq(refunds.accountId, accountId),
            eq(refunds.earningsId, earningsId),
            eq(refunds.status, 'done'),
          ),
        )
        .orderBy(asc(earnings.createdAt), asc(earnings.id));
      return rows.map((r) => ({ refundId: r.refundId, refundedAt: r.at, billingAmount: -r.billingAmount, taxAmount: -r.taxAmount }));
    },
    async contactEmail(accountId) {
      const [row] = await db
        .select({ email: accounts.email })
        .from(accounts)
        .where(and(eq(accounts.storeId, scopedStoreId()), eq(accounts.id, accountId)));
      return row?.email ?? null;
    },
  };
}
