import type Provider from 'oidc-provider';
import type { StoreContext } from '#server/tenancy/store-cache.ts';
import { buildProvider, type ProviderDeps } from './provider.ts';

/**
 * The stores' providers, built on first use and kept per store, revision and origin: a settings
 * change or a key rotation bumps the revision (decision 0004), so the next request builds the
 * provider again from the new clients and keys. The state is in the database, so a rebuilt
 * provider (or another process) continues every flow.
 */
export function createProviderRegistry(deps: ProviderDeps) {
  const built = new Map<string, { key: string; provider: Promise<Provider> }>();
  return {
    get(store: StoreContext, origin: string): Promise<Provider> {
      const key = `${store.revision}|${origin}`;
      const entry = built.get(store.storeId);
      if (entry?.key === key) return entry.provider;
      const provider = buildProvider(store, origin, deps);
      built.set(store.storeId, { key, provider });
      provider.catch(() => {
        if (built.get(store.storeId)?.provider === provider) built.delete(store.storeId);
      });
      return provider;
    },
  };
}
export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
