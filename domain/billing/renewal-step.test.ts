import { describe, expect, it } from 'vitest';
import { applyOutcome, attemptKey, type BillingState, planStep } from './renewal-step.ts';

const monthly = { renewSpan: 1, renewSpanUnit: 'month' as const, forceStopRenewDate: null };
const base: BillingState = {
  id: 'c1',
  status: 'NEW_CONTRACT',
  price: 1000,
  campaignPrice: null,
  campaignPaymentsLeft: null,
  nextSettlementDay: '2027-01-31',
  anchorDay: 31,
  periodNo: 0,
  usableUntil: '2027-01-30',
  holdSince: null,
  retryCount: 0,
  nextRetryAt: null,
  endedAt: null,
  endedReason: null,
};
const at = new Date('2027-01-31T03:00:00+09:00');

describe('planStep', () => {
  it('charges the next period with the renewal key', () => {
    expect(planStep(base, monthly)).toEqual({
      kind: 'charge',
      attempt: 'renewal',
      periodNo: 1,
      amount: 1000,
      campaignPaymentsLeft: null,
      idempotencyKey: 'renew-c1-1',
    });
  });
  it('a held contract retries with a numbered key; the member with their own numbering', () => {
    const held = { ...base, status: 'HOLD' as const, retryCount: 1, holdSince: '2027-01-31' };
    expect(planStep(held, monthly)).toMatchObject({ attempt: 'retry', idempotencyKey: 'renew-c1-1-retry2' });
    expect(planStep(held, monthly, { member: true, memberAttempts: 2 })).toMatchObject({
      attempt: 'member_retry',
      idempotencyKey: 'renew-c1-1-member3',
    });
    expect(attemptKey('x', 4, 'renewal', 9)).toBe('renew-x-4');
  });
  it('ends a cancel request, a stopped plan and a plan that is gone', () => {
    expect(planStep({ ...base, status: 'CANCEL_REQUEST' }, monthly)).toEqual({
      kind: 'end',
      event: 'periodEndedAfterCancel',
      reason: 'cancelled',
    });
    expect(planStep(base, { ...monthly, forceStopRenewDate: '2027-01-31T00:00:00+09:00' })).toMatchObject({
      kind: 'end',
      reason: 'force_stopped',
    });
    expect(planStep(base, null)).toMatchObject({ kind: 'end', event: 'forceStopped' });
  });
});

describe('applyOutcome', () => {
  it('a renewal keeps the calendar and the anchor', () => {
    const after = applyOutcome(base, planStep(base, monthly), 'succeeded', monthly, at);
    expect(after).toMatchObject({
      status: 'ONGOING_CONTRACT',
      periodNo: 1,
      nextSettlementDay: '2027-02-28',
      anchorDay: 31,
      usableUntil: '2027-02-27',
    });
    const again = applyOutcome(after, planStep(after, monthly), 'succeeded', monthly, at);
    expect(again.nextSettlementDay).toBe('2027-03-31');
  });
  it('the trial becomes paid', () => {
    const trial = { ...base, status: 'NEW_TRIAL_CONTRACT' as const };
    expect(applyOutcome(trial, planStep(trial, monthly), 'succeeded', monthly, at).status).toBe('TRIAL_TO_PAID');
    expect(applyOutcome(trial, planStep(trial, monthly), 'declined', monthly, at)).toMatchObject({
      status: 'TRIAL_HOLD',
      holdSince: '2027-01-31',
    });
  });
  it('a decline holds; failed retries count; the third ends the contract', () => {
    let c = applyOutcome(base, planStep(base, monthly), 'declined', monthly, at);
    expect(c).toMatchObject({ status: 'HOLD', holdSince: '2027-01-31', retryCount: 0, nextSettlementDay: '2027-01-31' });
    expect(c.nextRetryAt?.toISOString()).toBe('2027-01-31T15:00:00.000Z');
    c = applyOutcome(c, planStep(c, monthly), 'declined', monthly, at);
    expect(c).toMatchObject({ status: 'HOLD', retryCount: 1 });
    c = applyOutcome(c, planStep(c, monthly), 'declined', monthly, at);
    expect(c).toMatchObject({ status: 'HOLD', retryCount: 2 });
    c = applyOutcome(c, planStep(c, monthly), 'declined', monthly, at);
    expect(c).toMatchObject({ status: 'CANCELLED', endedReason: 'hold_exhausted', endedAt: at, nextRetryAt: null });
  });
  it('a member retry that fails uses up nothing; one that succeeds moves the date to its day', () => {
    const held = applyOutcome(base, planStep(base, monthly), 'declined', monthly, at);
    const step = planStep(held, monthly, { member: true });
    expect(applyOutcome(held, step, 'declined', monthly, at)).toBe(held);
    const paid = applyOutcome(held, step, 'succeeded', monthly, new Date('2027-02-03T12:00:00+09:00'));
    expect(paid).toMatchObject({
      status: 'HOLD_RELEASED',
      nextSettlementDay: '2027-03-03',
      anchorDay: 3,
      holdSince: null,
      retryCount: 0,
      periodNo: 1,
    });
  });
  it('no answer from the provider changes nothing', () => {
    expect(applyOutcome(base, planStep(base, monthly), 'unavailable', monthly, at)).toBe(base);
  });
  it('an N-payment campaign counts down', () => {
    const c = { ...base, campaignPrice: 300, campaignPaymentsLeft: 1 };
    const after = applyOutcome(c, planStep(c, monthly), 'succeeded', monthly, at);
    expect(after.campaignPaymentsLeft).toBe(0);
    expect(planStep(after, monthly)).toMatchObject({ amount: 1000 });
  });
});
