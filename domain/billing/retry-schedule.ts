// The retry schedule of a failed charge (decision 0019): the contract is held and retried 1, 3
// and 7 days after the failed settlement day, at the day's JST midnight; when the last retry fails
// it ends. The member may retry (re-settlement) while held, up to the last retry day.
import { addDays } from '#domain/commerce/order-dates.ts';
import { jstMidnight } from './renewal-dates.ts';

/** Days after the failed settlement day on which the engine retries. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const;

/**
 * When the engine retries next, after `failedRetries` retries failed (0 right after the failed
 * renewal), or null when none is left (the hold is exhausted).
 */
export function nextRetryAt(holdSince: string, failedRetries: number): Date | null {
  const days = RETRY_AFTER_DAYS[failedRetries];
  return days === undefined ? null : jstMidnight(addDays(holdSince, days));
}

/** The last day a held charge may be retried (by the engine or the member). */
export const holdDeadline = (holdSince: string): string => addDays(holdSince, Math.max(...RETRY_AFTER_DAYS));

/** The member's re-settlement is allowed while held and the deadline has not passed. */
export function canRetrySettlement(input: { onHold: boolean; holdSince: string | null; today: string }): boolean {
  return input.onHold && input.holdSince !== null && input.today <= holdDeadline(input.holdSince);
}
