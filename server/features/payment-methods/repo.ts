import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentMethodType } from '#config-schema/store-settings.ts';
import type { CardBrandCode } from '#domain/commerce/card.ts';
import type { Db } from '#server/db/client.ts';
import { accountPaymentMethods, paymentCustomers } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

/** A registered method (deleted ones are never answered). */
export type StoredPaymentMethod = {
  id: string;
  accountId: string;
  paymentMethodType: PaymentMethodType;
  cardRef: string | null;
  agreementRef: string | null;
  cardBrand: CardBrandCode | null;
  last4: string | null;
  expireDate: string | null;
  label: string | null;
  createdAt: Date;
};

export type NewPaymentMethod =
  | { kind: 'card'; paymentMethodType: 'SbpsCredit'; cardRef: string; cardBrand: CardBrandCode; last4: string; expireDate: string }
  | { kind: 'agreement'; paymentMethodType: PaymentMethodType; agreementRef: string; label: string | null };

const columns = {
  id: accountPaymentMethods.id,
  accountId: accountPaymentMethods.accountId,
  paymentMethodType: accountPaymentMethods.paymentMethodType,
  cardRef: accountPaymentMethods.cardRef,
  agreementRef: accountPaymentMethods.agreementRef,
  cardBrand: accountPaymentMethods.cardBrand,
  last4: accountPaymentMethods.last4,
  expireDate: accountPaymentMethods.expireDate,
  label: accountPaymentMethods.label,
  createdAt: accountPaymentMethods.createdAt,
};
const asStored = (row: typeof accountPaymentMethods.$inferSelect | Record<keyof typeof columns, unknown>) => row as StoredPaymentMethod;

/** The members' customers at the provider and their payment methods (migration 0006). */
export function createPaymentMethodRepo(db: Db) {
  const mine = (storeId: string, accountId: string) =>
    and(
      eq(accountPaymentMethods.storeId, storeId),
      eq(accountPaymentMethods.accountId, accountId),
      isNull(accountPaymentMethods.deletedAt),
    );

  // The member's methods (the purchase form and the confirmation on every visit): built once (decision 0060).
  const listOf = db
    .select(columns)
    .from(accountPaymentMethods)
    .where(
      and(
        eq(accountPaymentMethods.storeId, sql.placeholder('storeId')),
        eq(accountPaymentMethods.accountId, sql.placeholder('accountId')),
        isNull(accountPaymentMethods.deletedAt),
      ),
    )
    .orderBy(asc(accountPaymentMethods.createdAt))
    .prepare('payment_methods_list');

  return {
    async customerRefOf(accountId: string): Promise<string | null> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({ ref: paymentCustomers.customerRef })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.storeId, storeId), eq(paymentCustomers.accountId, accountId)));
      return row?.ref ?? null;
    },

    /** The member's customer reference, created with `newRef` the first time (a race keeps the first). */
    async ensureCustomer(accountId: string, newRef: string): Promise<string> {
      const storeId = scopedStoreId();
      await db.insert(paymentCustomers).values({ storeId, accountId, customerRef: newRef }).onConflictDoNothing();
      const [row] = await db
        .select({ ref: paymentCustomers.customerRef })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.storeId, storeId), eq(paymentCustomers.accountId, accountId)));
      if (!row) throw new Error('payment customer vanished');
      return row.ref;
    },

    /** The account a customer reference belongs to in this store, or null. */
    async accountOfCustomer(customerRef: string): Promise<string | null> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({ accountId: paymentCustomers.accountId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.storeId, storeId), eq(paymentCustomers.customerRef, customerRef)));
      return row?.accountId ?? null;
    },

    async list(accountId: string): Promise<StoredPaymentMethod[]> {
      const rows = await listOf.execute({ storeId: scopedStoreId(), accountId });
      return rows.map(asStored);
    },

    async find(accountId: string, id: string): Promise<StoredPaymentMethod | null> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select(columns)
        .from(accountPaymentMethods)
        .where(and(mine(storeId, accountId), eq(accountPaymentMethods.id, id)));
      return row ? asStored(row) : null;
    },

    /**
     * Keeps a new method; a method with the same provider reference already kept for the member is
     * answered instead (a retried registration adds nothing).
     */
    async add(accountId: string, method: NewPaymentMethod): Promise<StoredPaymentMethod> {
      const storeId = scopedStoreId();
      const sameRef =
        method.kind === 'card'
          ? eq(accountPaymentMethods.cardRef, method.cardRef)
          : eq(accountPaymentMethods.agreementRef, method.agreementRef);
      const [existing] = await db
        .select(columns)
        .from(accountPaymentMethods)
        .where(and(mine(storeId, accountId), sameRef));
      if (existing) return asStored(existing);
      const values =
        method.kind === 'card'
          ? { cardRef: method.cardRef, cardBrand: method.cardBrand, last4: method.last4, expireDate: method.expireDate }
          : { agreementRef: method.agreementRef, label: method.label };
      const [row] = await db
        .insert(accountPaymentMethods)
        .values({ storeId, accountId, paymentMethodType: method.paymentMethodType, ...values })
        .onConflictDoNothing()
        .returning(columns);
      if (row) return asStored(row);
      // A request with the same reference won the race (the unique indexes of migration 0009).
      const [winner] = await db
        .select(columns)
        .from(accountPaymentMethods)
        .where(and(mine(storeId, accountId), sameRef));
      if (!winner) throw new Error('payment method insert returned nothing');
      return asStored(winner);
    },

    /** Marks the method deleted (kept for past payments' records); false when there was none. */
    async markDeleted(accountId: string, id: string, at: Date): Promise<boolean> {
      const storeId = scopedStoreId();
      const rows = await db
        .update(accountPaymentMethods)
        .set({ deletedAt: at })
        .where(and(mine(storeId, accountId), eq(accountPaymentMethods.id, id)))
        .returning({ id: accountPaymentMethods.id });
      return rows.length === 1;
    },
  };
}
export type PaymentMethodRepo = ReturnType<typeof createPaymentMethodRepo>;
