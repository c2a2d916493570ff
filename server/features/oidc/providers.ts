import type Provider from 'oidc-provider';
import type { StoreContext } from '#server/platform/tenancy/store-cache.ts';
import { buildProvider, type ProviderDeps } from './provider.ts';

/**
 * The stores' providers, built on first use and kept per store and revision: a settings change or
 * a key rotation bumps the revision (decision 0004), so the next request builds the provider again
 * from the new clients and keys. The issuer is the store's configured origin, whatever Host
 * spelling (port, letter case, trailing dot, another of its hosts) a request used, so one
 * provider serves them all. The state is in the database, so a rebuilt provider (or another
 * process) continues every flow.
 */
export function createProviderRegistry(deps: ProviderDeps) {
  const built = new Map<string, { key: number; provider: Promise<Provider> }>();
  return {
    get(store: StoreContext): Promise<Provider> {
      const key = store.revision;
      const entry = built.get(store.storeId);
      if (entry?.key === key) return entry.provider;
      const provider = buildProvider(store, deps);
      built.set(store.storeId, { key, provider });
      provider.catch(() => {
        if (built.get(store.storeId)?.provider === provider) built.delete(store.storeId);
      });
      return provider;
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
