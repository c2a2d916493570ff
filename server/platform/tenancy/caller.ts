import type { Language } from '#domain/language.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

/**
 * Who a service acts for: the request-scoped values a service may need, as plain data, so a job,
 * a command or another protocol can call the same service as a route does (server/platform/http/caller.ts
 * makes one from a request).
 */
export type Caller = {
  store: StoreContext;
  /** The viewer's language (mail they ask for, unless the member has their own). */
  lang: Language;
  /** The client address: every limit per client, the login history. */
  clientIp: string;
  userAgent: string | undefined;
  requestId: string;
};
