// Earnings: one row per successful charge (decision 0019), written by the purchase (its first
// charge) and by the billing engine (renewals and retries). The idempotency key of the charge is
// unique per store, so a charge recorded twice (a retried call, a restarted worker) is one row.
import { and, eq } from 'drizzle-orm';
import type { LocalizedText } from '#config-schema/common.ts';
import { taxOf } from '#domain/billing/tax.ts';
import type { Db } from '#server/db/client.ts';
import { accountPaymentMethods, contracts, earnings } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';

export type EarningRow = typeof earnings.$inferSelect;
export type EarningInsert = typeof earnings.$inferInsert;
type MethodRow = Pick<typeof accountPaymentMethods.$inferSelect, 'paymentMethodType' | 'cardBrand' | 'last4' | 'expireDate' | 'label'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payment method as the history and the invoice show it, frozen at the charge. */
export function methodSnapshot(
  row: MethodRow | null,
  fallbackType: string,
): Pick<EarningInsert, 'paymentMethodType' | 'paymentMethodInfo'> {
  if (!row) return { paymentMethodType: fallbackType, paymentMethodInfo: {} };
  const info = row.last4 ? { brand: row.cardBrand ?? 'unknown', last4: row.last4, expireDate: row.expireDate } : { label: row.label };
  return { paymentMethodType: row.paymentMethodType, paymentMethodInfo: info };
}

/** The amounts of an earnings row: tax included, the tax rounded down once per invoice. */
export function amountsOf(billingAmount: number): Pick<EarningInsert, 'billingAmount' | 'taxRate' | 'taxAmount' | 'netAmount'> {
  const t = taxOf(billingAmount);
  return { billingAmount: t.billingAmount, taxRate: t.taxRate, taxAmount: t.taxAmount, netAmount: t.netAmount };
}

export function createEarningsRepo(db: Db) {
  return {
    /** The first charge of a completed order (the purchase): once per order. */
    async recordPurchase(input: {
      storeId: string;
      accountId: string;
      orderId: string;
      planId: string;
      planName: LocalizedText;
      /** The order's payment method: a registered method's id, or a method type. */
      paymentMethod: string;
      amount: number;
      chargeRef: string | null;
      idempotencyKey: string;
      at: Date;
    }): Promise<void> {
      const { storeId } = input;
      await inStore(storeId, () =>
        db.transaction(async (tx) => {
          const [method] = UUID.test(input.paymentMethod)
            ? await tx
                .select()
                .from(accountPaymentMethods)
                .where(and(eq(accountPaymentMethods.storeId, storeId), eq(accountPaymentMethods.id, input.paymentMethod)))
            : [];
          const [contract] = await tx
            .select({ id: contracts.id })
            .from(contracts)
            .where(and(eq(contracts.storeId, storeId), eq(contracts.orderId, input.orderId)));
          await tx
            .insert(earnings)
            .values({
              storeId,
              accountId: input.accountId,
              contractId: contract?.id ?? null,
              orderId: input.orderId,
              planId: input.planId,
              planName: input.planName,
              ...methodSnapshot(method ?? null, input.paymentMethod),
              ...amountsOf(input.amount),
              chargeRef: input.chargeRef,
              idempotencyKey: input.idempotencyKey,
              createdAt: input.at,
            })
            .onConflictDoNothing();
        }),
      );
    },
  };
}
export type EarningsRepo = ReturnType<typeof createEarningsRepo>;
