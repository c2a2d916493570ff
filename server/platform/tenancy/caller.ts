import type { Scope } from '#server/platform/tenancy/scope.ts';

/**
 * The former name of the request's scope (server/platform/tenancy/scope.ts), kept while the subscription features
 * (purchase, billing, subscriptions, payment-history) move to `Scope` (decision 0040).
 */
export type Caller = Scope;
