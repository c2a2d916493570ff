import type { Language } from '#domain/language.ts';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';

/**
 * The one scope a service acts in, as plain data (decision 0040): the store, the origin, the
 * language and who asks. Built once at the edge: per request by the tenancy middleware
 * (`c.var.scope`), per job by the mail queue's handler (`jobScope`), per command by the tool that
 * runs it. A service takes it as its first argument; its repositories take no store id: they read
 * the store of the database scope the same edge entered (`scopedStoreId` in server/db/scope.ts),
 * which row-level security enforces.
 */
export type Scope = {
  store: StoreContext;
  /** scheme://host[:port] the viewer used (a job or command: the store's public origin). */
  origin: string;
  /** The viewer's language (mail they ask for, unless the member has their own). */
  lang: Language;
  /** The client address: every limit per client, the login history ('-' for a job or command). */
  clientIp: string;
  userAgent: string | undefined;
  /** The request's id in logs (a job: `job:<id>`; a command: its name). */
  requestId: string;
};

/** What a job or command stands for instead of a client address: no limit per client applies to it. */
export const NO_CLIENT = '-';

/**
 * The scope of work that no request carries (a mail job, a command): the store, its public origin,
 * the language of the work (a mail's recipient decides theirs), and a label for the logs. The caller
 * enters the store's database scope (`inStore`) around the work, at the edge.
 */
export function jobScope(store: StoreContext, opts: { origin: string; lang: Language; label: string }): Scope {
  return { store, origin: opts.origin, lang: opts.lang, clientIp: NO_CLIENT, userAgent: undefined, requestId: opts.label };
}
