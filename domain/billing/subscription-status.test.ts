import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  type BillingEvent,
  billingEvents,
  isLive,
  isOnHold,
  isRenewing,
  isSubscriptionStatus,
  type StatusGroup,
  type SubscriptionStatus,
  statusesOf,
  statusGroup,
  subscriptionStatuses,
  transition,
} from './subscription-status.ts';

describe('status groups (spec member area 4)', () => {
  const expected: Record<StatusGroup, SubscriptionStatus[]> = {
    trial: ['NEW_TRIAL_CONTRACT'],
    contract: ['NEW_CONTRACT', 'ONGOING_CONTRACT', 'TRIAL_TO_PAID', 'RE_CONTRACT', 'HOLD_RELEASED', 'TRIAL_HOLD_RELEASED'],
    cancelRequest: ['HOLD_CANCEL_REQUEST', 'TRIAL_HOLD_CANCEL_REQUEST', 'CANCEL_REQUEST', 'TRIAL_CANCEL_REQUEST'],
    hold: ['HOLD', 'TRIAL_HOLD'],
    cancelled: ['CANCELLED'],
  };
  it.each(Object.entries(expected))('%s holds exactly the spec statuses', (group, statuses) => {
    expect(statusesOf(group as StatusGroup)).toEqual(statuses);
    for (const s of statuses) expect(statusGroup(s)).toBe(group);
  });
  it('has 14 statuses, each in one group', () => {
    expect(subscriptionStatuses).toHaveLength(14);
    expect(Object.values(expected).flat().sort()).toEqual([...subscriptionStatuses].sort());
  });
  it('recognises statuses', () => {
    expect(isSubscriptionStatus('HOLD')).toBe(true);
    expect(isSubscriptionStatus('hold')).toBe(false);
    expect(isSubscriptionStatus('toString')).toBe(false);
    expect(isSubscriptionStatus(undefined)).toBe(false);
  });
  it('only CANCELLED is not live; only the hold group is on hold', () => {
    expect(subscriptionStatuses.filter((s) => !isLive(s))).toEqual(['CANCELLED']);
    expect(subscriptionStatuses.filter(isOnHold)).toEqual(['HOLD', 'TRIAL_HOLD']);
  });
});

// Every (status, event) pair: the expected next status, or null (refused). A pair missing from a
// row is refused; the loop below checks all 14 x 9 pairs against this.
const PAID = {
  renewalSucceeded: 'ONGOING_CONTRACT',
  renewalFailed: 'HOLD',
  cancelRequested: 'CANCEL_REQUEST',
  forceStopped: 'CANCELLED',
} as const;
const expectedTable: Record<SubscriptionStatus, Partial<Record<BillingEvent, SubscriptionStatus>>> = {
  NEW_TRIAL_CONTRACT: {
    renewalSucceeded: 'TRIAL_TO_PAID',
    renewalFailed: 'TRIAL_HOLD',
    cancelRequested: 'TRIAL_CANCEL_REQUEST',
    forceStopped: 'CANCELLED',
  },
  NEW_CONTRACT: PAID,
  ONGOING_CONTRACT: PAID,
  TRIAL_TO_PAID: PAID,
  RE_CONTRACT: PAID,
  HOLD_RELEASED: PAID,
  TRIAL_HOLD_RELEASED: PAID,
  HOLD: {
    retrySucceeded: 'HOLD_RELEASED',
    retryFailed: 'HOLD',
    holdExhausted: 'CANCELLED',
    cancelRequested: 'HOLD_CANCEL_REQUEST',
    forceStopped: 'CANCELLED',
  },
  TRIAL_HOLD: {
    retrySucceeded: 'TRIAL_HOLD_RELEASED',
    retryFailed: 'TRIAL_HOLD',
    holdExhausted: 'CANCELLED',
    cancelRequested: 'TRIAL_HOLD_CANCEL_REQUEST',
    forceStopped: 'CANCELLED',
  },
  CANCEL_REQUEST: { cancelUndone: 'ONGOING_CONTRACT', periodEndedAfterCancel: 'CANCELLED', forceStopped: 'CANCELLED' },
  TRIAL_CANCEL_REQUEST: { cancelUndone: 'NEW_TRIAL_CONTRACT', periodEndedAfterCancel: 'CANCELLED', forceStopped: 'CANCELLED' },
  HOLD_CANCEL_REQUEST: { cancelUndone: 'HOLD', periodEndedAfterCancel: 'CANCELLED', forceStopped: 'CANCELLED' },
  TRIAL_HOLD_CANCEL_REQUEST: { cancelUndone: 'TRIAL_HOLD', periodEndedAfterCancel: 'CANCELLED', forceStopped: 'CANCELLED' },
  CANCELLED: {},
};

describe('transition table', () => {
  const pairs = subscriptionStatuses.flatMap((s) => billingEvents.map((e) => [s, e] as const));
  it('covers 14 x 9 pairs', () => expect(pairs).toHaveLength(126));
  it.each(pairs)('%s + %s', (status, event) => {
    expect(transition(status, event)).toBe(expectedTable[status][event] ?? null);
  });

  it('allowedEvents lists exactly the events with a target', () => {
    for (const s of subscriptionStatuses) expect(allowedEvents(s)).toEqual(billingEvents.filter((e) => expectedTable[s][e]));
  });

  it('CANCELLED is terminal and every live status can reach it', () => {
    expect(allowedEvents('CANCELLED')).toEqual([]);
    for (const s of subscriptionStatuses.filter(isLive)) expect(transition(s, 'forceStopped')).toBe('CANCELLED');
  });

  it('cancelling twice is refused; an undo returns to the group the request came from', () => {
    for (const s of statusesOf('cancelRequest')) expect(transition(s, 'cancelRequested')).toBeNull();
    for (const s of subscriptionStatuses) {
      const requested = transition(s, 'cancelRequested');
      if (!requested) continue;
      const undone = transition(requested, 'cancelUndone');
      expect(undone && statusGroup(undone)).toBe(statusGroup(s));
    }
  });

  it('a cancel request is never charged: no renewal or retry event is allowed', () => {
    for (const s of statusesOf('cancelRequest'))
      for (const e of ['renewalSucceeded', 'renewalFailed', 'retrySucceeded', 'retryFailed'] as const) expect(transition(s, e)).toBeNull();
  });

  it('a charge success always lands in the contract group; a renewal failure always in hold', () => {
    for (const s of subscriptionStatuses) {
      for (const e of ['renewalSucceeded', 'retrySucceeded'] as const) {
        const to = transition(s, e);
        if (to) expect(statusGroup(to)).toBe('contract');
      }
      const failed = transition(s, 'renewalFailed');
      if (failed) expect(statusGroup(failed)).toBe('hold');
    }
  });

  it('walks a whole life: trial, paid, failed, retried, cancel, undo, cancel, ended', () => {
    const steps: BillingEvent[] = [
      'renewalSucceeded',
      'renewalFailed',
      'retryFailed',
      'retrySucceeded',
      'cancelRequested',
      'cancelUndone',
      'cancelRequested',
      'periodEndedAfterCancel',
    ];
    const path: SubscriptionStatus[] = ['NEW_TRIAL_CONTRACT'];
    for (const e of steps) {
      const next = transition(path.at(-1) as SubscriptionStatus, e);
      if (!next) throw new Error(`refused ${e}`);
      path.push(next);
    }
    expect(path).toEqual([
      'NEW_TRIAL_CONTRACT',
      'TRIAL_TO_PAID',
      'HOLD',
      'HOLD',
      'HOLD_RELEASED',
      'CANCEL_REQUEST',
      'ONGOING_CONTRACT',
      'CANCEL_REQUEST',
      'CANCELLED',
    ]);
  });
});

describe('isRenewing', () => {
  it('from the settlement day on, for live statuses not on hold', () => {
    expect(isRenewing('ONGOING_CONTRACT', '2027-03-01', '2027-02-28')).toBe(false);
    expect(isRenewing('ONGOING_CONTRACT', '2027-03-01', '2027-03-01')).toBe(true);
    expect(isRenewing('NEW_TRIAL_CONTRACT', '2027-03-01', '2027-03-02')).toBe(true);
    expect(isRenewing('CANCEL_REQUEST', '2027-03-01', '2027-03-01')).toBe(true);
    expect(isRenewing('HOLD', '2027-03-01', '2027-03-05')).toBe(false);
    expect(isRenewing('TRIAL_HOLD', '2027-03-01', '2027-03-05')).toBe(false);
    expect(isRenewing('CANCELLED', '2027-03-01', '2027-03-05')).toBe(false);
  });
});
