// Refunds of a payment through the gateway's `refund` (issue 23 point 7, decision 0052): fully or
// partly, several partial refunds up to the amount paid, never twice for one call however it is
// retried. The support command calls it (`services.refunds.refund`); the payment history and the
// invoice show what it recorded, the member gets a mail, and earnings get a negative row.
//
// A refund is written `pending` with its idempotency key before the gateway is asked, and `done`
// after (decision 0017's pattern): a gateway that did not answer leaves it pending, and the next
// call for the payment asks again with the same key (the provider answers its first answer), so
// a refund the provider made is recorded once and never made twice.
import { refundAmount, refundTax } from '#domain/billing/refunds.ts';
import { AppError } from '#domain/errors.ts';
import { inStore } from '#server/db/scope.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import type { PaymentRow, RefundRepo, RefundRow } from './repo.ts';

export type RefundInput = { paymentId: string; amountYen?: number; reason: string; actor: string };
export type RefundResult = { refundId: string; paymentId: string; amountYen: number; remainingYen: number };

/** A call with the same payment, amount, reason and actor as a refund done this recently is its retry. */
export const RETRY_WINDOW_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Methods no provider charged: nothing to give back through the gateway. */
const NOT_REFUNDABLE_METHODS = new Set(['CampaignCode']);

export function createRefundService(deps: {
  repo: RefundRepo;
  gateway: Pick<PaymentGateway, 'refund'>;
  mailQueue: { kick(): void };
  clock: () => Date;
}) {
  const { repo, gateway, clock } = deps;

  /** What is left of the payment after its done and pending refunds. */
  async function remainingOf(payment: PaymentRow): Promise<number> {
    const counted = (await repo.refundsOf(payment.id)).filter((r) => r.status !== 'failed');
    return payment.billingAmount - counted.reduce((n, r) => n + r.amount, 0);
  }

  /**
   * Asks the gateway for a pending refund (its own key) and records the answer: done (with the
   * earnings row and the mail), failed (refused: REFUND_NOT_ALLOWED), or still pending when the
   * provider did not answer (PAYMENT_PROVIDER_UNAVAILABLE; the next call asks again).
   */
  async function settle(refund: RefundRow, payment: PaymentRow): Promise<RefundRow> {
    if (!payment.chargeRef) throw new AppError('REFUND_NOT_ALLOWED');
    const answer = await gateway.refund({
      storeId: payment.storeId,
      chargeRef: payment.chargeRef,
      amount: refund.amount,
      idempotencyKey: refund.idempotencyKey,
    });
    if (!answer.ok) {
      if (answer.failure.kind === 'unavailable') throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      await repo.fail(refund, `${answer.failure.kind}:${answer.failure.code}`, clock());
      throw new AppError('REFUND_NOT_ALLOWED');
    }
    const done = await repo.complete(refund, payment, {
      refundRef: answer.value.refundRef,
      taxOf: (doneBefore) => refundTax(payment, doneBefore, refund.amount),
      at: clock(),
    });
    deps.mailQueue.kick();
    return done;
  }

  const resultOf = async (refund: RefundRow, payment: PaymentRow): Promise<RefundResult> => ({
    refundId: refund.id,
    paymentId: payment.id,
    amountYen: refund.amount,
    remainingYen: await remainingOf(payment),
  });

  return {
    /**
     * Refunds a payment of the scope's store: all that is left of it without `amountYen`, that
     * many yen otherwise. REFUND_NOT_ALLOWED for an unknown payment (another store's too), one not
     * charged through the gateway, one refunded in full, or a refund the provider refuses;
     * REFUND_AMOUNT_INVALID for an amount of 0 or less, or more than is left.
     */
    async refund(scope: Scope, input: RefundInput): Promise<RefundResult> {
      const reason = input.reason.trim();
      const actor = input.actor.trim();
      if (!reason || !actor || reason.length > 500 || actor.length > 200) throw new AppError('VALIDATION_FAILED');
      const asked = input.amountYen;
      if (asked !== undefined && (!Number.isSafeInteger(asked) || asked <= 0)) throw new AppError('REFUND_AMOUNT_INVALID');
      if (!UUID.test(input.paymentId)) throw new AppError('REFUND_NOT_ALLOWED');
      // A command enters the store at its edge; entering it again is a no-op (decision 0040).
      return inStore(scope.store.storeId, async () => {
        const payment = await repo.payment(input.paymentId);
        if (!payment || payment.billingAmount <= 0 || !payment.chargeRef || NOT_REFUNDABLE_METHODS.has(payment.paymentMethodType))
          throw new AppError('REFUND_NOT_ALLOWED');

        // Refunds left pending by a provider that did not answer: asked again with their own keys.
        // A call that asks what one of them asked is its retry, and answers it.
        const resumed: RefundRow[] = [];
        for (const pending of (await repo.refundsOf(payment.id)).filter((r) => r.status === 'pending'))
          resumed.push(await settle(pending, payment));
        const left = await remainingOf(payment);
        const retried = resumed.find((r) => r.amount === asked) ?? (asked === undefined && left === 0 ? resumed.at(-1) : undefined);
        if (retried) return resultOf(retried, payment);

        // The same refund done a moment ago (an answer the caller lost): answered again, not made
        // twice. A full refund's retry finds the payment refunded in full by the same hands.
        const since = new Date(clock().getTime() - RETRY_WINDOW_MS);
        if (asked !== undefined || left === 0) {
          const recent = await repo.recentSame(payment.id, { amount: asked, reason, actor, since });
          if (recent) return resultOf(recent, payment);
        }

        const opened = await repo.open(
          payment.id,
          (p, refunded) => {
            const decided = refundAmount(p?.billingAmount ?? 0, refunded, asked);
            if (!decided.ok) throw new AppError(decided.code);
            return decided.amount;
          },
          { reason, actor, at: clock() },
        );
        const done = await settle(opened.refund, opened.payment);
        return resultOf(done, payment);
      });
    },
  };
}
export type RefundService = ReturnType<typeof createRefundService>;
