// Which store a database transaction belongs to (docs/decisions/0008-store-isolation-in-the-database.md).
//
// The application's connections run as `store_app`, which row-level security restricts to the rows
// of the store set in the transaction. This module keeps the current scope in AsyncLocalStorage;
// the drivers in client.ts open every transaction with it:
// - a store scope runs `set_config('app.store_id', <store>, true)`: the transaction sees that store;
// - a role scope runs `set_config('role', 'store_worker' | 'store_admin', true)`: cross-store work
//   (housekeeping, the mail queue, the store tool), named explicitly where it happens;
// - no scope sets nothing: the shared catalogue (stores, hosts) is readable, store tables show 0 rows.
import { AsyncLocalStorage } from 'node:async_hooks';

export type CrossStoreRole = 'store_worker' | 'store_admin';
export type DbScope = { kind: 'store'; storeId: string } | { kind: 'role'; role: CrossStoreRole };

const current = new AsyncLocalStorage<DbScope>();

/** The scope the next transaction opens with (undefined: none). */
export const currentScope = (): DbScope | undefined => current.getStore();

/**
 * The store of the current scope: what a repository filters and writes by (decision 0040). The
 * edge entered it (the tenancy middleware for a request, the mail queue for a job, a command for
 * its store); outside a store scope this is a programming error and throws.
 */
export function scopedStoreId(): string {
  const scope = current.getStore();
  if (scope?.kind !== 'store') throw new Error('no store scope: the edge (tenancy, a job, a command) enters the store first');
  return scope.storeId;
}

/** Store ids are slugs (config-schema); checked again because the pg driver inlines the value. */
const STORE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Runs fn with the store's scope: every query in it sees only this store's rows. Inside another
 * store's scope this is a programming error and throws (a request's store is fixed at the edge);
 * inside a cross-store role it narrows to the store.
 */
export function inStore<T>(storeId: string, fn: () => Promise<T>): Promise<T> {
  if (!STORE_ID.test(storeId)) return Promise.reject(new Error(`invalid store id for a database scope: ${JSON.stringify(storeId)}`));
  const outer = current.getStore();
  if (outer?.kind === 'store') {
    if (outer.storeId === storeId) return (async () => await fn())();
    return Promise.reject(new Error(`store scope ${outer.storeId} cannot reach store ${storeId}`));
  }
  // Awaited inside the scope: drizzle's query builders run when awaited, not when built.
  return current.run({ kind: 'store', storeId }, async () => await fn());
}

/** Runs fn as a cross-store role (bypasses row-level security): jobs and tools only, never a request's work. */
export function acrossStores<T>(fn: () => Promise<T>, role: CrossStoreRole = 'store_worker'): Promise<T> {
  return current.run({ kind: 'role', role }, async () => await fn());
}

/** Runs fn with no scope (store tables show nothing): for a job started from inside a request. */
export function outsideAnyStore<T>(fn: () => T): T {
  return current.exit(fn);
}

/**
 * The statement that opens a transaction in this scope, or null for none. Values are checked, then
 * inlined. `role`: the role a store scope (or no scope) takes too, in the same SELECT, for a
 * connection that did not take it at its start (behind a transaction pooler, decision 0043); a
 * cross-store role scope sets its own role. Always one command: a scoped query sends it as one
 * Parse of the extended protocol (decision 0044).
 */
export function scopeStatement(scope: DbScope | undefined, role?: 'store_app'): string | null {
  const roleCall = role === undefined ? [] : [`set_config('role', '${role}', true)`];
  if (!scope) return roleCall.length > 0 ? `select ${roleCall.join(', ')}` : null;
  if (scope.kind === 'store') {
    if (!STORE_ID.test(scope.storeId)) throw new Error('invalid store id');
    return `select ${[...roleCall, `set_config('app.store_id', '${scope.storeId}', true)`].join(', ')}`;
  }
  if (scope.role !== 'store_worker' && scope.role !== 'store_admin') throw new Error('invalid role');
  return `select set_config('role', '${scope.role}', true)`;
}
