// Subscription statuses (spec: member area 4 "Subscription status groups") and the one table of
// their transitions. Pure; the billing engine and the member's calls both move a contract only
// through `transition`, so a status can never be reached by a path this table does not list.

export const subscriptionStatuses = [
  'NEW_TRIAL_CONTRACT',
  'NEW_CONTRACT',
  'ONGOING_CONTRACT',
  'TRIAL_TO_PAID',
  'RE_CONTRACT',
  'HOLD_RELEASED',
  'TRIAL_HOLD_RELEASED',
  'HOLD_CANCEL_REQUEST',
  'TRIAL_HOLD_CANCEL_REQUEST',
  'CANCEL_REQUEST',
  'TRIAL_CANCEL_REQUEST',
  'HOLD',
  'TRIAL_HOLD',
  'CANCELLED',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const statusGroups = ['trial', 'contract', 'cancelRequest', 'hold', 'cancelled'] as const;
export type StatusGroup = (typeof statusGroups)[number];

const groupOfStatus: Record<SubscriptionStatus, StatusGroup> = {
  NEW_TRIAL_CONTRACT: 'trial',
  NEW_CONTRACT: 'contract',
  ONGOING_CONTRACT: 'contract',
  TRIAL_TO_PAID: 'contract',
  RE_CONTRACT: 'contract',
  HOLD_RELEASED: 'contract',
  TRIAL_HOLD_RELEASED: 'contract',
  HOLD_CANCEL_REQUEST: 'cancelRequest',
  TRIAL_HOLD_CANCEL_REQUEST: 'cancelRequest',
  CANCEL_REQUEST: 'cancelRequest',
  TRIAL_CANCEL_REQUEST: 'cancelRequest',
  HOLD: 'hold',
  TRIAL_HOLD: 'hold',
  CANCELLED: 'cancelled',
};

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && Object.hasOwn(groupOfStatus, value);
}

export function statusGroup(status: SubscriptionStatus): StatusGroup {
  return groupOfStatus[status];
}

export const statusesOf = (group: StatusGroup): SubscriptionStatus[] => subscriptionStatuses.filter((s) => groupOfStatus[s] === group);

/** Every status but CANCELLED: the contract runs (the member may watch; withdrawal is refused). */
export const isLive = (status: SubscriptionStatus): boolean => status !== 'CANCELLED';

/** On hold after a failed charge: the engine retries, the member may retry (re-settlement). */
export const isOnHold = (status: SubscriptionStatus): boolean => groupOfStatus[status] === 'hold';

export const billingEvents = [
  /** The scheduled charge of the next period succeeded (the first charge after a trial included). */
  'renewalSucceeded',
  /** The scheduled charge was declined (or could not be made): the contract goes on hold. */
  'renewalFailed',
  /** A retry of a held charge succeeded (the engine's or the member's re-settlement). */
  'retrySucceeded',
  /** A retry of a held charge failed again; retries remain. */
  'retryFailed',
  /** The last retry failed: the contract ends. */
  'holdExhausted',
  /** The member asked to cancel (with the survey): usable until the end of the paid period. */
  'cancelRequested',
  /** The member withdrew the cancel request before the next billing day. */
  'cancelUndone',
  /** The period of a cancel-requested contract ended: the contract ends. */
  'periodEndedAfterCancel',
  /** The plan's force-stop date passed (or an operator stopped it): the contract ends. */
  'forceStopped',
] as const;
export type BillingEvent = (typeof billingEvents)[number];

type Row = Partial<Record<BillingEvent, SubscriptionStatus>>;

// The rows: paid contracts behave alike; the trial and trial-hold rows keep their "trial" flavour
// until a charge succeeds. An undone cancel returns to the status the cancel-request came from;
// for the paid contract statuses, which one is not kept, so it is ONGOING_CONTRACT (same label).
const paid: Row = {
  renewalSucceeded: 'ONGOING_CONTRACT',
  renewalFailed: 'HOLD',
  cancelRequested: 'CANCEL_REQUEST',
  forceStopped: 'CANCELLED',
};

const table: Record<SubscriptionStatus, Row> = {
  NEW_TRIAL_CONTRACT: {
    renewalSucceeded: 'TRIAL_TO_PAID',
    renewalFailed: 'TRIAL_HOLD',
    cancelRequested: 'TRIAL_CANCEL_REQUEST',
    forceStopped: 'CANCELLED',
  },
  NEW_CONTRACT: paid,
  ONGOING_CONTRACT: paid,
  TRIAL_TO_PAID: paid,
  RE_CONTRACT: paid,
  HOLD_RELEASED: paid,
  TRIAL_HOLD_RELEASED: paid,
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
  // A held contract whose cancel was requested is no longer retried: it ends at the next run.
  HOLD_CANCEL_REQUEST: { cancelUndone: 'HOLD', periodEndedAfterCancel: 'CANCELLED', forceStopped: 'CANCELLED' },
  TRIAL_HOLD_CANCEL_REQUEST: { cancelUndone: 'TRIAL_HOLD', periodEndedAfterCancel: 'CANCELLED', forceStopped: 'CANCELLED' },
  CANCELLED: {},
};

/** The status after `event`, or null when the event is not allowed in `status`. */
export function transition(status: SubscriptionStatus, event: BillingEvent): SubscriptionStatus | null {
  return table[status][event] ?? null;
}

/** The events allowed in `status`. */
export function allowedEvents(status: SubscriptionStatus): BillingEvent[] {
  return billingEvents.filter((e) => table[status][e] !== undefined);
}

/**
 * '契約更新中' (spec member area 4): the settlement day has come and the engine has not yet
 * renewed (or ended) the contract. Payment-method change, cancel and undo are refused meanwhile.
 * A held contract is not renewing: its member may change the method and retry.
 */
export function isRenewing(status: SubscriptionStatus, nextSettlementDay: string, today: string): boolean {
  return isLive(status) && !isOnHold(status) && nextSettlementDay <= today;
}
