import type { Scope } from '#server/scope.ts';

/**
 * The former name of the request's scope (server/scope.ts), kept while the subscription features
 * (purchase, billing, subscriptions, payment-history) move to `Scope` (decision 0040).
 */
export type Caller = Scope;
