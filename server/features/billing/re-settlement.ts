// The member's retry of a held charge (spec member area 4: "a retry to renew is allowed, and only
// before the renewal date has passed"): POST /zapi/subscription/{id}/re-settlement. The member's
// ownership is checked first (another member's contract answers as an unknown one), then the row
// is locked (NOWAIT: a billing run or the member's other click holding it answers "not now"), the
// charge made with a numbered member key, the result written like a run's, and the payment date
// moves to today.
import { planStep } from '#domain/billing/renewal-step.ts';
import { canRetrySettlement } from '#domain/billing/retry-schedule.ts';
import { isOnHold } from '#domain/billing/subscription-status.ts';
import { jstDay } from '#domain/commerce/order-dates.ts';
import { AppError } from '#domain/errors.ts';
import { planOf } from '#domain/plans.ts';
import type { Db } from '#server/db/client.ts';
import { inStore } from '#server/db/scope.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { type BillingEngine, emptySummary } from './engine.ts';
import { lockOne, memberAttempts, ownsContract } from './repo.ts';
import { type ReSettlementAnswer, reSettlementAnswerSchema, subscriptionIdSchema } from './schemas.ts';

export function createReSettlement(deps: { db: Db; engine: BillingEngine; clock: () => Date }) {
  const { db, engine, clock } = deps;
  return async function reSettle(store: StoreContext, accountId: string, subscriptionId: string): Promise<ReSettlementAnswer> {
    if (!subscriptionIdSchema.safeParse(subscriptionId).success) throw new AppError('NOT_FOUND');
    const at = clock();
    const storeId = store.storeId;
    const done = await inStore(storeId, () =>
      db.transaction(async (tx) => {
        // Row-level security: another store's contract is not there at all. Another member's
        // answers as an unknown one, and before any lock (it is never waited for nor reported busy).
        if (!(await ownsContract(tx, storeId, subscriptionId, accountId))) throw new AppError('NOT_FOUND');
        const c = await lockOne(tx, storeId, subscriptionId);
        if (!c) throw new AppError('NOT_FOUND');
        if (c === 'busy') throw new AppError('RE_SETTLEMENT_NOT_ALLOWED');
        if (!canRetrySettlement({ onHold: isOnHold(c.status), holdSince: c.holdSince, today: jstDay(at) }))
          throw new AppError('RE_SETTLEMENT_NOT_ALLOWED');
        const plan = planOf(store.settings, c.planId);
        const step = planStep(c, plan, { member: true, memberAttempts: await memberAttempts(tx, storeId, c.id, c.periodNo + 1) });
        // The plan stopped (or is gone): the next run ends the contract; nothing to retry.
        if (step.kind === 'end') throw new AppError('RE_SETTLEMENT_NOT_ALLOWED');
        const result = await engine.settle(c, plan, step, at);
        await engine.record(tx, [result], new Map([[storeId, store.settings]]), at, emptySummary());
        return result;
      }),
    );
    if (done.outcome === 'declined') throw new AppError('PAYMENT_DECLINED');
    if (done.outcome === 'unavailable') throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    return reSettlementAnswerSchema.parse({
      subscriptionId,
      subscriptionStatus: done.after.status,
      nextSettlementDay: done.after.nextSettlementDay,
    });
  };
}
export type ReSettle = ReturnType<typeof createReSettlement>;
