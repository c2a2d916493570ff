// The member's retry of a held charge (spec member area 4: "a retry to renew is allowed, and only
// before the renewal date has passed"): POST /zapi/subscription/{id}/re-settlement. The member's
// ownership is checked first (another member's contract answers as an unknown one), then the row
// is locked (NOWAIT: a billing run or the member's other click holding it answers "not now"), the
// charge made with a numbered member key, the result written like a run's, and the payment date
// moves to today.
//
// The member is there, so the retry is customer-initiated (decision 0049): a card that asks for
// 3-D Secure answers a challenge, the browser goes to the provider's page, and the signed result
// comes back to GET /zapi/subscription/re-settlement/return, which captures the authorisation under
// the same member key and writes it like any retry. Nothing is written while the challenge is open:
// the contract stays held, and a second click gets the same challenge (the same key).
import { planStep } from '#domain/billing/renewal-step.ts';
import { canRetrySettlement } from '#domain/billing/retry-schedule.ts';
import { isOnHold } from '#domain/billing/subscription-status.ts';
import { jstDay } from '#domain/commerce/order-dates.ts';
import { AppError } from '#domain/errors.ts';
import { planOf } from '#domain/plans.ts';
import type { Db } from '#server/db/client.ts';
import { inStore } from '#server/db/scope.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import { type BillingEngine, emptySummary } from './engine.ts';
import { type DueContract, lockOne, memberAttempts, ownsContract, type Tx } from './repo.ts';
import { type ReSettlementAnswer, reSettlementAnswerSchema, subscriptionIdSchema } from './schemas.ts';

/** Where the provider sends the member back after the retry's 3-D Secure challenge. */
export const RE_SETTLEMENT_RETURN_PATH = '/zapi/subscription/re-settlement/return';

export function createReSettlement(deps: { db: Db; engine: BillingEngine; gateway: PaymentGateway; clock: () => Date }) {
  const { db, engine, gateway, clock } = deps;

  /** The member's held contract, locked; refusals as the spec's errors. */
  async function heldContract(tx: Tx, storeId: string, accountId: string, subscriptionId: string, at: Date) {
    // Row-level security: another store's contract is not there at all. Another member's
    // answers as an unknown one, and before any lock (it is never waited for nor reported busy).
    if (!(await ownsContract(tx, storeId, subscriptionId, accountId))) throw new AppError('NOT_FOUND');
    const c = await lockOne(tx, storeId, subscriptionId);
    if (!c) throw new AppError('NOT_FOUND');
    if (c === 'busy') throw new AppError('RE_SETTLEMENT_NOT_ALLOWED');
    if (!canRetrySettlement({ onHold: isOnHold(c.status), holdSince: c.holdSince, today: jstDay(at) }))
      throw new AppError('RE_SETTLEMENT_NOT_ALLOWED');
    return c;
  }
  /** The retry's step: its key is numbered by the member's answered retries of the period. */
  async function memberStep(tx: Tx, storeId: string, c: DueContract, plan: ReturnType<typeof planOf>) {
    return planStep(c, plan, { member: true, memberAttempts: await memberAttempts(tx, storeId, c.id, c.periodNo + 1) });
  }

  return {
    async reSettle(scope: Scope, accountId: string, subscriptionId: string): Promise<ReSettlementAnswer> {
      if (!subscriptionIdSchema.safeParse(subscriptionId).success) throw new AppError('NOT_FOUND');
      const { store } = scope;
      const at = clock();
      const storeId = store.storeId;
      const returnUrl = `${scope.origin}${RE_SETTLEMENT_RETURN_PATH}?subscriptionId=${encodeURIComponent(subscriptionId)}`;
      const done = await inStore(storeId, () =>
        db.transaction(async (tx) => {
          const c = await heldContract(tx, storeId, accountId, subscriptionId, at);
          const plan = planOf(store.settings, c.planId);
          const step = await memberStep(tx, storeId, c, plan);
          // The plan stopped (or is gone): the next run ends the contract; nothing to retry.
          if (step.kind === 'end') throw new AppError('RE_SETTLEMENT_NOT_ALLOWED');
          const result = await engine.settleOrChallenge(c, plan, step, at, returnUrl);
          if ('challenge' in result) return result;
          await engine.record(tx, [result], new Map([[storeId, store.settings]]), at, emptySummary());
          return result;
        }),
      );
      if ('challenge' in done) return { redirectTo: done.challenge.url, providerRedirect: done.challenge };
      if (done.outcome === 'declined') throw new AppError('PAYMENT_DECLINED');
      if (done.outcome === 'unavailable') throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      return reSettlementAnswerSchema.parse({
        subscriptionId,
        subscriptionStatus: done.after.status,
        nextSettlementDay: done.after.nextSettlementDay,
      });
    },

    /**
     * The member back from the retry's 3-D Secure challenge with the provider's signed result:
     * verified (for this member), matched to the member's held contract, captured under the
     * retry's key and written like a retry; a failed or cancelled challenge is a declined retry.
     * Answers the page to go to: the subscription, with `?error=` when it was not paid. A return
     * seen again (back, reload) shows the subscription as it is now; nothing changes.
     */
    async returnFromChallenge(scope: Scope, params: Record<string, string>, accountId: string | null): Promise<string> {
      const subscriptionId = params.subscriptionId ?? '';
      if (!accountId || !subscriptionIdSchema.safeParse(subscriptionId).success) return '/mypage/plans';
      const page = `/mypage/subscription/${encodeURIComponent(subscriptionId)}`;
      const { store } = scope;
      const storeId = store.storeId;
      const at = clock();
      try {
        const done = await inStore(storeId, () =>
          db.transaction(async (tx) => {
            const c = await heldContract(tx, storeId, accountId, subscriptionId, at);
            const verified = await gateway.verifyRedirectResult({
              storeId,
              params,
              purposes: ['challenge'],
              ...(c.customerRef ? { customerRef: c.customerRef } : {}),
            });
            if (!verified.ok) return null;
            const plan = planOf(store.settings, c.planId);
            const step = await memberStep(tx, storeId, c, plan);
            if (step.kind === 'end') return null;
            const result = verified.value;
            // The challenge was for this retry's amount (a signed field); anything else is not this retry's.
            if (result.amount !== step.amount) return null;
            const approved = result.outcome === 'approved' && result.authorizationRef ? result.authorizationRef : null;
            const d = await engine.settleAuthorized(c, plan, step, at, approved, `challenge:${result.outcome}`);
            if (d.outcome === 'unavailable') return d;
            await engine.record(tx, [d], new Map([[storeId, store.settings]]), at, emptySummary());
            return d;
          }),
        );
        if (!done) return page;
        if (done.outcome === 'succeeded') return page;
        return `${page}?error=${done.outcome === 'unavailable' ? 'PAYMENT_PROVIDER_UNAVAILABLE' : 'PAYMENT_DECLINED'}`;
      } catch (err) {
        // Not held any more (the return seen again after it was paid), busy, unknown: the page shows how it stands.
        if (err instanceof AppError) return page;
        throw err;
      }
    },
  };
}
export type ReSettlement = ReturnType<typeof createReSettlement>;
