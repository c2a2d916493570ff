// What a member sees of a contracted subscription and what they may do with it (member-area 4
// "Subscription status groups"; decision 0020). The status -> group mapping and every status change
// belong to the billing engine's transition table (domain/billing/subscription-status.ts); this
// file only reads the group and the days. Days are JST calendar days, 'YYYY-MM-DD'.

/** The display groups of member-area 4 (cancelled subscriptions are not listed). */
export const subscriptionGroups = ['trial', 'contract', 'cancelRequest', 'hold', 'cancelled'] as const;
export type SubscriptionGroup = (typeof subscriptionGroups)[number];

/** Why an action is not offered (the server answers the matching error code). */
export type Refusal = 'renewing' | 'notApplicable' | 'tooLate' | 'noPaymentMethod';
export type Availability = { allowed: true } | { allowed: false; reason: Refusal };

export type SubscriptionFacts = {
  group: SubscriptionGroup;
  /** The day the next charge is due (for a cancel request: the day it would have been). */
  nextSettlementDay: string;
  /** The last day of use after a cancel request (null otherwise). */
  usableUntil: string | null;
  /** The free trial's last day (trial group). */
  trialEndsOn: string | null;
  /** Whether the member has a registered, usable payment method for this subscription. */
  hasPaymentMethod: boolean;
};

export type SubscriptionView = {
  group: SubscriptionGroup;
  /**
   * '契約更新中': the settlement day has come and the renewal is not recorded yet. A subscription
   * on hold is not "renewing": its own label says the renewal is waiting.
   */
  renewing: boolean;
  /** '終了日時：' (the end of use) for a cancel request, else '次回決済日：'. */
  dateKind: 'endDate' | 'nextSettlement';
  date: string;
  /** The trial's last day, shown with 無料トライアル中. */
  trialEndsOn: string | null;
  /** A cancel request hides the payment method. */
  showPaymentMethod: boolean;
  changePaymentMethod: Availability;
  cancel: Availability;
  undo: Availability;
};

const ALLOWED: Availability = { allowed: true };
const refuse = (reason: Refusal): Availability => ({ allowed: false, reason });

/** Whether the settlement day has come: `today` on or after it (decision 0020). */
export function settlementDayReached(nextSettlementDay: string, today: string): boolean {
  return today >= nextSettlementDay;
}

export function subscriptionView(f: SubscriptionFacts, today: string): SubscriptionView {
  const running = f.group === 'trial' || f.group === 'contract';
  const renewing = (running || f.group === 'cancelRequest') && settlementDayReached(f.nextSettlementDay, today);
  const active = running || f.group === 'hold';
  const whileActive = (): Availability => (!active ? refuse('notApplicable') : renewing ? refuse('renewing') : ALLOWED);
  let undo: Availability;
  if (f.group !== 'cancelRequest') undo = refuse('notApplicable');
  else if (renewing) undo = refuse('renewing');
  else if (!f.hasPaymentMethod) undo = refuse('noPaymentMethod');
  else undo = ALLOWED;
  const isRequest = f.group === 'cancelRequest';
  return {
    group: f.group,
    renewing,
    dateKind: isRequest ? 'endDate' : 'nextSettlement',
    date: isRequest ? (f.usableUntil ?? f.nextSettlementDay) : f.nextSettlementDay,
    trialEndsOn: f.group === 'trial' ? f.trialEndsOn : null,
    showPaymentMethod: !isRequest,
    changePaymentMethod: whileActive(),
    cancel: whileActive(),
    undo,
  };
}

/**
 * The last day an undo is accepted: the day before the next billing (member-area 9
 * "Cancellation: up to the day before the next billing date").
 */
export function lastUndoDay(nextSettlementDay: string): string {
  const [y, m, d] = nextSettlementDay.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d) - 86_400_000);
  return t.toISOString().slice(0, 10);
}

/** The cancel action shows in withdraw mode (returnTo=/withdraw) except for a cancel request. */
export function showCancelInWithdrawMode(view: Pick<SubscriptionView, 'group'>): boolean {
  return view.group !== 'cancelRequest' && view.group !== 'cancelled';
}

/**
 * Whether a subscription keeps the member from withdrawing from membership (member-area 4, 6:
 * "blocked while a contract subscription exists"): one that would renew (trial, contract, hold).
 * A cancel request does not: it ends by itself, and the withdraw mode of /mypage/plans
 * (returnTo=/withdraw) exists precisely to cancel and come back (decision 0020).
 */
export function blocksWithdrawal(group: SubscriptionGroup): boolean {
  return group === 'trial' || group === 'contract' || group === 'hold';
}

/** Whether the subscription still needs its payment method (it cannot be deleted; member-area 8). */
export function usesPaymentMethod(group: SubscriptionGroup): boolean {
  return group !== 'cancelled';
}
