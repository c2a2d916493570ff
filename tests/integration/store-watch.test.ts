import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { createStoreCache } from '#server/platform/tenancy/store-cache.ts';
import { watchStoreChanges } from '#server/platform/tenancy/watch.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it(`drops a re-applied store from the settings cache without waiting for its TTL (${process.env.DATABASE_URL ? 'PostgreSQL LISTEN/NOTIFY' : 'PGlite polling'})`, async () => {
  const repo = createStoreRepo(database.db);
  const cache = createStoreCache(repo, { ttlMs: 3_600_000 }); // only invalidation can explain a change
  await applyStoreDocument(repo, tenantDoc('watched', { serviceName: 'Before' }));
  const stop = await watchStoreChanges(database, repo, cache, { pollMs: 100 });
  try {
    expect((await cache.resolveHost('watched.test.localhost'))?.settings.serviceName).toBe('Before');
    // Another writer (the command-line tool) applies a change.
    await applyStoreDocument(repo, tenantDoc('watched', { serviceName: 'After' }));
    const started = Date.now();
    let name = '';
    // The watcher polls every 100 ms (PGlite) or is notified (PostgreSQL); 15 s only bounds a
    // broken watcher, it is no speed goal (the TTL is an hour).
    while (Date.now() - started < 15_000) {
      name = (await cache.resolveHost('watched.test.localhost'))?.settings.serviceName ?? '';
      if (name === 'After') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(name).toBe('After');
  } finally {
    await stop();
  }
});
