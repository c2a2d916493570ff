// The billing run (decision 0019): `runBilling({ at })` renews every contract due at `at`, in
// batches, exactly once per contract and period, however many workers run at once.
import type { Plan } from '#config-schema/plans.ts';
import { applyOutcome, type BillingState, type ChargeOutcome, planStep, type Step } from '#domain/billing/renewal-step.ts';
import { holdDeadline } from '#domain/billing/retry-schedule.ts';
import { jstDay } from '#domain/commerce/order-dates.ts';
import { planOf } from '#domain/plans.ts';
import type { Db } from '#server/db/client.ts';
import { acrossStores } from '#server/db/scope.ts';
import type { SubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import type { PaymentGateway, ProviderRedirect } from '#server/platform/payments/gateway.ts';
import { type ChargeResult, captureCharge, chargeContract } from './charge.ts';
import { BILLING_FAILED_JOB, BILLING_RECEIPT_JOB } from './mail-jobs.ts';
import { claimDue, type DueContract, dueStores, type Tx, writeMailJobs } from './repo.ts';

export type BillingSummary = {
  /** Charges that succeeded (renewals and retries). */
  renewed: number;
  /** Charges declined (a first failure or a failed retry). */
  failed: number;
  /** Contracts put on hold by this run. */
  held: number;
  /** Contracts ended (cancel requests at period end, exhausted holds, force stops). */
  cancelled: number;
  /** Contracts left as they were (the provider did not answer: the next run asks again with the same key). */
  skipped: number;
  batches: number;
};

export type BillingDeps = {
  db: Db;
  gateway: PaymentGateway;
  /** The subscription aggregate's writer: the batch's contracts, attempts and earnings (decision 0041). */
  writer: SubscriptionWriter;
  /**
   * The store's plans (settings), or null for an unknown store. Never called inside a batch's
   * transaction: a run asks for the plans of every store with something due before its first batch.
   */
  plansOf: (storeId: string) => Promise<readonly Plan[] | null>;
  /** Where a 3-D Secure challenge would return (renewals never take one). */
  returnUrl?: string;
  /** Told how many subscriptions each batch claimed (the metrics). */
  onClaim?: (count: number) => void;
  /**
   * The real time (tests move it): the run's mail is due when the run happens, not at the time it
   * bills for (`at`, which may be a simulated later day: decision 0049).
   */
  clock?: () => Date;
};

export type RunOptions = {
  at: Date;
  batchSize?: number;
  /** Gateway calls in flight at once within a batch. */
  concurrency?: number;
  /**
   * Batches in flight at once (default 2), each its own transaction and connection, like as many
   * workers: one batch's writes overlap the next one's gateway calls and use a second core.
   */
  lanes?: number;
  /** Stops after this many batches (tests of a killed worker). */
  maxBatches?: number;
  /** Called after each committed batch. */
  onBatch?: (summary: BillingSummary) => void | Promise<void>;
};

export const emptySummary = (): BillingSummary => ({ renewed: 0, failed: 0, held: 0, cancelled: 0, skipped: 0, batches: 0 });

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

type Done = {
  c: DueContract;
  step: Step;
  outcome: ChargeOutcome;
  chargeRef: string | null;
  failureCode: string | null;
  after: BillingState;
};

/** A store's plans as the run loaded them before its first batch (null: an unknown store). */
export type LoadedPlans = Map<string, { readonly plans: readonly Plan[] } | null>;

export function createBillingEngine(deps: BillingDeps) {
  const { db, gateway, writer } = deps;

  async function plansFor(storeIds: Iterable<string>): Promise<LoadedPlans> {
    const plans: LoadedPlans = new Map();
    for (const id of storeIds) {
      const list = await deps.plansOf(id);
      plans.set(id, list ? { plans: list } : null);
    }
    return plans;
  }

  /**
   * Writes a batch's results and counts them: the contracts, attempts and earnings through the
   * subscription writer, then the mail jobs (a receipt per earnings row written, a notice per
   * declined engine charge). Shared with the member's re-settlement.
   */
  async function record(tx: Tx, done: Done[], plans: LoadedPlans, at: Date, sum: BillingSummary) {
    const earningOf = await writer.settle(tx, done, (storeId) => plans.get(storeId), at);
    // Sent as soon as the mail worker looks, whatever day the run billed for.
    const runAfter = (deps.clock ?? (() => new Date()))();
    const charged = done.filter((d) => d.step.kind === 'charge');
    const paid = charged.filter((d) => d.outcome === 'succeeded' && d.step.kind === 'charge' && d.step.amount > 0);
    await writeMailJobs(tx, [
      ...paid.flatMap((d) => {
        const key = (d.step as Extract<Step, { kind: 'charge' }>).idempotencyKey;
        const earningsId = earningOf.get(key);
        return earningsId
          ? [{ storeId: d.c.storeId, kind: BILLING_RECEIPT_JOB, payload: { accountId: d.c.accountId, earningsId }, runAfter }]
          : [];
      }),
      ...charged
        .filter((d) => d.outcome === 'declined' && d.step.kind === 'charge' && d.step.attempt !== 'member_retry')
        .map((d) => ({
          storeId: d.c.storeId,
          kind: BILLING_FAILED_JOB,
          payload: {
            accountId: d.c.accountId,
            contractId: d.c.id,
            planId: d.c.planId,
            amount: d.step.kind === 'charge' ? d.step.amount : 0,
            ended: d.after.endedAt !== null,
            retryUntil: d.after.endedAt === null && d.after.holdSince ? holdDeadline(d.after.holdSince) : null,
          },
          runAfter,
        })),
    ]);
    for (const d of done) {
      if (d.outcome === 'succeeded' && d.step.kind === 'charge') sum.renewed++;
      if (d.outcome === 'declined' && d.step.kind === 'charge') sum.failed++;
      if (d.after.holdSince !== null && d.c.holdSince === null) sum.held++;
      if (d.after.endedAt !== null) sum.cancelled++;
      if (d.after === d.c) sum.skipped++;
    }
  }

  /** Runs one step: the charge (if any) and the contract after it. */
  async function settle(c: DueContract, plan: Plan | null, step: Step, at: Date): Promise<Done> {
    const r = await settleOrChallenge(c, plan, step, at, deps.returnUrl ?? 'http://localhost/zapi/purchase/return');
    // Only a member's retry can be challenged; a caller that cannot show the challenge counts it declined.
    return 'challenge' in r ? done(c, step, { outcome: 'declined', chargeRef: null, failureCode: 'challenge_required' }, plan, at) : r;
  }

  const done = (c: DueContract, step: Step, r: ChargeResult, plan: Plan | null, at: Date): Done => ({
    c,
    step,
    ...r,
    after: applyOutcome(c, step, r.outcome, plan, at),
  });

  /**
   * The member's retry: the step, or the 3-D Secure challenge the card asks for first (nothing is
   * written then; the return captures it with `settleAuthorized`).
   */
  async function settleOrChallenge(
    c: DueContract,
    plan: Plan | null,
    step: Step,
    at: Date,
    returnUrl: string,
  ): Promise<Done | { challenge: ProviderRedirect }> {
    if (step.kind === 'end') return done(c, step, { outcome: 'succeeded', chargeRef: null, failureCode: null }, plan, at);
    const r = await chargeContract(gateway, c, step, returnUrl);
    return r.outcome === 'challenge' ? { challenge: r.redirect } : done(c, step, r, plan, at);
  }

  /** The member's retry after the challenge: its authorisation captured (or the challenge's refusal), and the contract after it. */
  async function settleAuthorized(
    c: DueContract,
    plan: Plan | null,
    step: Extract<Step, { kind: 'charge' }>,
    at: Date,
    authorizationRef: string | null,
    refusal: string,
  ): Promise<Done> {
    const r: ChargeResult = authorizationRef
      ? await captureCharge(gateway, c, step, authorizationRef)
      : { outcome: 'declined', chargeRef: null, failureCode: refusal };
    return done(c, step, r, plan, at);
  }

  /** Renews everything due at `at`; answers what it did. */
  async function runBilling(opts: RunOptions): Promise<BillingSummary> {
    const { at } = opts;
    const today = jstDay(at);
    const batchSize = opts.batchSize ?? 500;
    const concurrency = opts.concurrency ?? 32;
    const sum = emptySummary();
    // The plans of every store with something due, before any batch: looked up inside a batch's
    // transaction they would wait for the connection (on PGlite, the one session) that it holds.
    const plans = await plansFor(await acrossStores(() => dueStores(db, { today, at })));
    // Contracts the provider did not answer for, or of a store that had nothing due when the run
    // began (its plans are not loaded): left due for the next run, not claimed again by this one.
    const skipped: string[] = [];
    let started = 0;
    let failed = false;
    // Each lane claims and settles batches until nothing is left for it: a lane that finds nothing
    // stops while the other may still renew (a contract that falls behind is claimed again by its
    // lane). A lane that fails stops the others after their current batch.
    const lane = async () => {
      for (;;) {
        if (failed || (opts.maxBatches !== undefined && started >= opts.maxBatches)) return;
        started++;
        const count = await acrossStores(() =>
          db.transaction(async (tx) => {
            const claimed = await claimDue(tx, { today, at, limit: batchSize, exclude: skipped });
            if (claimed.length === 0) return 0;
            deps.onClaim?.(claimed.length);
            const due: DueContract[] = [];
            for (const c of claimed) {
              if (plans.has(c.storeId)) due.push(c);
              else {
                skipped.push(c.id);
                sum.skipped++;
              }
            }
            const done = await mapLimit(due, concurrency, (c) => {
              const plan = planOf(plans.get(c.storeId), c.planId);
              return settle(c, plan, planStep(c, plan), at);
            });
            await record(tx, done, plans, at, sum);
            for (const d of done) if (d.after === d.c) skipped.push(d.c.id);
            return claimed.length;
          }),
        );
        if (count === 0) return;
        sum.batches++;
        await opts.onBatch?.({ ...sum });
      }
    };
    const ended = await Promise.allSettled(
      Array.from({ length: Math.max(1, opts.lanes ?? 2) }, () =>
        lane().catch((err: unknown) => {
          failed = true;
          throw err;
        }),
      ),
    );
    for (const e of ended) if (e.status === 'rejected') throw e.reason;
    return sum;
  }

  return { runBilling, settle, settleOrChallenge, settleAuthorized, record };
}
export type BillingEngine = ReturnType<typeof createBillingEngine>;
