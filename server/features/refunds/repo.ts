// SQL of refunds (decision 0052), in the store of the database scope (decision 0040): the payment
// locked while a refund is opened against what is left of it, the refund row before and after the
// gateway's answer, and its completion with the negative earnings row (the subscription writer)
// and the member's mail job in one transaction.
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { earnings, mailJobs, refunds } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';
import type { SubscriptionWriter } from '#server/features/subscriptions/writer.ts';

export type PaymentRow = typeof earnings.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export const REFUND_MAIL_JOB = 'refund.completed';
export type RefundMailJob = { accountId: string; refundId: string };

/** Refunds that count against what is left of a payment: done, or asked and not answered yet. */
const COUNTED = ['pending', 'done'];

export function createRefundRepo(db: Db, writer: Pick<SubscriptionWriter, 'recordRefund'>) {
  /** The sum of a payment's counted refunds, in the transaction. */
  async function refundedOf(tx: Pick<Db, 'select'>, earningsId: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.storeId, scopedStoreId()), eq(refunds.earningsId, earningsId), inArray(refunds.status, COUNTED)));
    return Number(row?.n ?? 0);
  }

  return {
    /** The payment (an earnings row of a charge, not a refund's) of the scope's store, or null. */
    async payment(earningsId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(earnings)
        .where(and(eq(earnings.storeId, scopedStoreId()), eq(earnings.id, earningsId)));
      return row ?? null;
    },

    /** The payment's refunds, oldest first. */
    async refundsOf(earningsId: string): Promise<RefundRow[]> {
      return db
        .select()
        .from(refunds)
        .where(and(eq(refunds.storeId, scopedStoreId()), eq(refunds.earningsId, earningsId)))
        .orderBy(refunds.createdAt, refunds.id);
    },

    /** The latest refund of this payment done since `since` by this actor for this reason (and of this amount, when given). */
    async recentSame(
      earningsId: string,
      same: { amount: number | undefined; reason: string; actor: string; since: Date },
    ): Promise<RefundRow | null> {
      const [row] = await db
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.storeId, scopedStoreId()),
            eq(refunds.earningsId, earningsId),
            eq(refunds.status, 'done'),
            same.amount === undefined ? undefined : eq(refunds.amount, same.amount),
            eq(refunds.reason, same.reason),
            eq(refunds.actor, same.actor),
            gte(refunds.createdAt, same.since),
          ),
        )
        .orderBy(desc(refunds.createdAt), desc(refunds.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Opens a refund: locks the payment row (refunds of one payment queue up), reads what its
     * counted refunds leave, lets `decide` choose the amount (or refuse, by throwing), and writes
     * the refund `pending` with its idempotency key. Answers the row and the sum refunded before it.
     */
    async open(
      earningsId: string,
      decide: (payment: PaymentRow | null, refunded: number) => number,
      row: { reason: string; actor: string; at: Date },
    ): Promise<{ refund: RefundRow; payment: PaymentRow; refundedBefore: number }> {
      const storeId = scopedStoreId();
      return db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(earnings)
          .where(and(eq(earnings.storeId, storeId), eq(earnings.id, earningsId)))
          .for('update');
        const refundedBefore = payment ? await refundedOf(tx, earningsId) : 0;
        const amount = decide(payment ?? null, refundedBefore);
        if (!payment) throw new Error('decide accepted a payment that does not exist');
        const id = crypto.randomUUID();
        const [refund] = await tx
          .insert(refunds)
          .values({
            storeId,
            id,
            earningsId,
            accountId: payment.accountId,
            amount,
            status: 'pending',
            reason: row.reason,
            actor: row.actor,
            idempotencyKey: `refund-${id}`,
            createdAt: row.at,
          })
          .returning();
        if (!refund) throw new Error('refund not written');
        return { refund, payment, refundedBefore };
      });
    },

    /**
     * Completes a pending refund the gateway made: marks it done (only while pending, so two
     * callers complete it once), writes its negative earnings row and the member's mail job.
     * The payment row is locked, so refunds complete one after another and `taxOf` gets the sum
     * of the payment's refunds done before this one. Answers the refund as it now is.
     */
    async complete(
      refund: RefundRow,
      payment: PaymentRow,
      done: { refundRef: string; taxOf: (doneBefore: number) => number; at: Date },
    ): Promise<RefundRow> {
      const storeId = scopedStoreId();
      return db.transaction(async (tx) => {
        await tx
          .select({ id: earnings.id })
          .from(earnings)
          .where(and(eq(earnings.storeId, storeId), eq(earnings.id, payment.id)))
          .for('update');
        const [before] = await tx
          .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
          .from(refunds)
          .where(and(eq(refunds.storeId, storeId), eq(refunds.earningsId, payment.id), eq(refunds.status, 'done')));
        const [marked] = await tx
          .update(refunds)
          .set({ status: 'done', refundRef: done.refundRef, completedAt: done.at })
          .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
          .returning();
        if (!marked) {
          const [now] = await tx
            .select()
            .from(refunds)
            .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refund.id)));
          return now ?? refund;
        }
        const refundEarningsId = await writer.recordRefund(tx, {
          of: payment,
          amount: refund.amount,
          taxAmount: done.taxOf(Number(before?.n ?? 0)),
          refundRef: done.refundRef,
          idempotencyKey: refund.idempotencyKey,
          at: done.at,
        });
        const [withRow] = await tx
          .update(refunds)
          .set({ refundEarningsId })
          .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refund.id)))
          .returning();
        const job: RefundMailJob = { accountId: payment.accountId, refundId: refund.id };
        await tx.insert(mailJobs).values({ storeId, kind: REFUND_MAIL_JOB, payload: job, runAfter: done.at });
        return withRow ?? marked;
      });
    },

    /** A pending refund the gateway refused: it no longer counts against the payment. */
    async fail(refund: RefundRow, failureCode: string, at: Date): Promise<void> {
      await db
        .update(refunds)
        .set({ status: 'failed', failureCode, completedAt: at })
        .where(and(eq(refunds.storeId, scopedStoreId()), eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    },

    /** A refund and its payment, for the member's mail. */
    async withPayment(refundId: string): Promise<{ refund: RefundRow; payment: PaymentRow } | null> {
      const storeId = scopedStoreId();
      const [row] = await db
        .select({ refund: refunds, payment: earnings })
        .from(refunds)
        .innerJoin(earnings, and(eq(earnings.storeId, refunds.storeId), eq(earnings.id, refunds.earningsId)))
        .where(and(eq(refunds.storeId, storeId), eq(refunds.id, refundId)));
      return row ?? null;
    },
  };
}
export type RefundRepo = ReturnType<typeof createRefundRepo>;
