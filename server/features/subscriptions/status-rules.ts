import { isSubscriptionStatus, statusGroup, transition } from '#domain/billing/subscription-status.ts';
import type { StatusRules } from './service.ts';

/**
 * The billing engine's transition table as this feature uses it: a status's display group, and
 * the member's two events (cancelRequested, cancelUndone). An unknown status reads as ended.
 */
export const billingStatusRules: StatusRules = {
  groupOf: (status) => (isSubscriptionStatus(status) ? statusGroup(status) : 'cancelled'),
  next: (status, event) =>
    isSubscriptionStatus(status) ? transition(status, event === 'cancel' ? 'cancelRequested' : 'cancelUndone') : null,
};
