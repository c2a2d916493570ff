// One contract's turn in a billing run (decision 0019), pure: what to do with a due contract
// (`planStep`) and the contract after the gateway answered (`applyOutcome`). The engine does the
// SQL and the gateway calls around these; the member's re-settlement uses them too.
import { jstDay } from '#domain/commerce/order-dates.ts';
import { renewalCharge } from './renewal-charge.ts';
import { dayOfMonth, lastDayBefore, nextSettlementDay, renewalStopped, type Span } from './renewal-dates.ts';
import { nextRetryAt } from './retry-schedule.ts';
import { type BillingEvent, isOnHold, type SubscriptionStatus, statusGroup, transition } from './subscription-status.ts';

/** The contract fields a run reads and writes. */
export type BillingState = {
  id: string;
  status: SubscriptionStatus;
  price: number;
  campaignPrice: number | null;
  campaignPaymentsLeft: number | null;
  nextSettlementDay: string;
  anchorDay: number;
  periodNo: number;
  usableUntil: string | null;
  holdSince: string | null;
  retryCount: number;
  nextRetryAt: Date | null;
  endedAt: Date | null;
  endedReason: string | null;
};

export type PlanTerms = Span & { forceStopRenewDate: string | null };
export type AttemptKind = 'renewal' | 'retry' | 'member_retry';
export type EndReason = 'cancelled' | 'hold_exhausted' | 'force_stopped';

export type Step =
  | { kind: 'end'; event: BillingEvent; reason: EndReason }
  | { kind: 'charge'; attempt: AttemptKind; periodNo: number; amount: number; campaignPaymentsLeft: number | null; idempotencyKey: string };

/** The gateway key of a period's charge: the renewal's own, or a retry's. */
export function attemptKey(contractId: string, periodNo: number, attempt: AttemptKind, n: number): string {
  const base = `renew-${contractId}-${periodNo}`;
  if (attempt === 'renewal') return base;
  return `${base}-${attempt === 'retry' ? 'retry' : 'member'}${n}`;
}

/**
 * What a run does with a due contract. `plan` null: the plan is gone from the store, which ends
 * renewals as a force stop does. `memberAttempts`: the member's re-settlements of this period so far.
 */
export function planStep(c: BillingState, plan: PlanTerms | null, opts: { member?: boolean; memberAttempts?: number } = {}): Step {
  if (statusGroup(c.status) === 'cancelRequest') return { kind: 'end', event: 'periodEndedAfterCancel', reason: 'cancelled' };
  if (!plan || renewalStopped(plan.forceStopRenewDate, c.nextSettlementDay))
    return { kind: 'end', event: 'forceStopped', reason: 'force_stopped' };
  const periodNo = c.periodNo + 1;
  const attempt: AttemptKind = opts.member ? 'member_retry' : isOnHold(c.status) ? 'retry' : 'renewal';
  const n = attempt === 'member_retry' ? (opts.memberAttempts ?? 0) + 1 : c.retryCount + 1;
  const charge = renewalCharge(c);
  return { kind: 'charge', attempt, periodNo, ...charge, idempotencyKey: attemptKey(c.id, periodNo, attempt, n) };
}

export type ChargeOutcome = 'succeeded' | 'declined' | 'unavailable';

function ended(c: BillingState, event: BillingEvent, reason: EndReason, at: Date): BillingState {
  const status = transition(c.status, event);
  if (!status) throw new Error(`${event} is not allowed in ${c.status}`);
  return { ...c, status, endedAt: at, endedReason: reason, nextRetryAt: null };
}

/** The contract after a step and the gateway's answer (ignored for an end). Unavailable changes nothing. */
export function applyOutcome(c: BillingState, step: Step, outcome: ChargeOutcome, plan: Span | null, at: Date): BillingState {
  if (step.kind === 'end') return ended(c, step.event, step.reason, at);
  if (outcome === 'unavailable') return c;
  const held = isOnHold(c.status);
  if (outcome === 'succeeded') {
    if (!plan) throw new Error('a charge needs the plan span');
    const event: BillingEvent = held ? 'retrySucceeded' : 'renewalSucceeded';
    const status = transition(c.status, event);
    if (!status) throw new Error(`${event} is not allowed in ${c.status}`);
    // A renewal keeps the calendar; a retry moves the payment date to the day it succeeded.
    const paidOn = held ? jstDay(at) : c.nextSettlementDay;
    const anchorDay = held ? dayOfMonth(paidOn) : c.anchorDay;
    const next = nextSettlementDay(paidOn, anchorDay, plan);
    return {
      ...c,
      status,
      periodNo: step.periodNo,
      campaignPaymentsLeft: step.campaignPaymentsLeft,
      anchorDay,
      nextSettlementDay: next,
      usableUntil: lastDayBefore(next),
      holdSince: null,
      retryCount: 0,
      nextRetryAt: null,
    };
  }
  // Declined.
  if (!held) {
    const status = transition(c.status, 'renewalFailed');
    if (!status) throw new Error(`renewalFailed is not allowed in ${c.status}`);
    return { ...c, status, holdSince: c.nextSettlementDay, retryCount: 0, nextRetryAt: nextRetryAt(c.nextSettlementDay, 0) };
  }
  // The member's failed re-settlement does not use up the engine's retries.
  if (step.attempt === 'member_retry') return c;
  const retryCount = c.retryCount + 1;
  const next = nextRetryAt(c.holdSince ?? c.nextSettlementDay, retryCount);
  if (!next) return ended({ ...c, retryCount }, 'holdExhausted', 'hold_exhausted', at);
  return { ...c, status: transition(c.status, 'retryFailed') ?? c.status, retryCount, nextRetryAt: next };
}
