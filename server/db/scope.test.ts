import { describe, expect, it } from 'vitest';
import { acrossStores, inStore, outsideAnyStore, scopedStoreId } from './scope.ts';

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
