import { describe, expect, it } from 'vitest';
import { acrossStores, inStore, outsideAnyStore, scopedStoreId, scopeStatement } from './scope.ts';

// Repositories read their store from the database scope the edge entered (decision 0040).
describe('scopedStoreId', () => {
  it('is the store the edge entered, through awaits', async () => {
    const seen = await inStore('alpha', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return scopedStoreId();
    });
    expect(seen).toBe('alpha');
  });

  it('is the narrowed store inside a cross-store job', async () => {
    expect(await acrossStores(() => inStore('beta', async () => scopedStoreId()))).toBe('beta');
  });

  it('refuses work outside a store scope instead of seeing no rows', async () => {
    expect(() => scopedStoreId()).toThrow(/no store scope/);
    await expect(acrossStores(async () => scopedStoreId())).rejects.toThrow(/no store scope/);
    await expect(inStore('alpha', async () => outsideAnyStore(() => scopedStoreId()))).rejects.toThrow(/no store scope/);
  });
});

// Behind a transaction pooler the role rides in the scope's one statement (decisions 0043, 0044).
describe('scopeStatement', () => {
  it('is one SELECT, with the role first when the connection did not take it at its start', () => {
    const store = { kind: 'store', storeId: 'alpha' } as const;
    expect(scopeStatement(store)).toBe("select set_config('app.store_id', 'alpha', true)");
    expect(scopeStatement(store, 'store_app')).toBe(
      "select set_config('role', 'store_app', true), set_config('app.store_id', 'alpha', true)",
    );
    expect(scopeStatement(undefined)).toBeNull();
    expect(scopeStatement(undefined, 'store_app')).toBe("select set_config('role', 'store_app', true)");
    expect(scopeStatement({ kind: 'role', role: 'store_worker' }, 'store_app')).toBe("select set_config('role', 'store_worker', true)");
  });
});
