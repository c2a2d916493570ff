import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { accounts, authCodes, authFlows, sessions } from '#server/db/schema.ts';
import { createSessionRepo } from '#server/features/sessions/repo.ts';
import { createSessionService } from '#server/features/sessions/service.ts';
import { createStoreRepo } from '#server/features/stores/repo.ts';
import { applyStoreDocument } from '#server/features/stores/service.ts';
import { createLogger } from '#server/logger.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { purgeExpired } from './housekeeping.ts';
import { createIdentityServices } from './services.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('deletes expired sessions, flows and old codes, and keeps live ones', async () => {
  let now = new Date('2026-11-01T00:00:00Z');
  const clock = () => now;
  await applyStoreDocument(createStoreRepo(database.db), tenantDoc('hk'));
  const [account] = await database.admin.insert(accounts).values({ storeId: 'hk', publicId: 'hk-1', email: 'hk@example.jp' }).returning();
  const sessionRepo = createSessionRepo(database.db);
  const sessionsSvc = createSessionService({ repo: sessionRepo, clock, ttlDays: 1 });
  const ids = createIdentityServices({
    db: database.db,
    config: loadConfig({ NODE_ENV: 'test' }),
    log: createLogger('silent'),
    clock,
    sessions: sessionsSvc,
    sessionRepo,
  });
  await sessionsSvc.start('hk', account?.id ?? '');
  await ids.flows.create('hk', 'login', { email: 'hk@example.jp' }, new Date(now.getTime() + 3_600_000));
  await (await ids.codes()).issue({ storeId: 'hk', email: 'hk@example.jp', purpose: 'login', validityMinutes: 60 });
  await purgeExpired(ids, now);
  expect(await database.admin.select().from(sessions)).toHaveLength(1);
  expect(await database.admin.select().from(authFlows)).toHaveLength(1);
  expect(await database.admin.select().from(authCodes)).toHaveLength(1);
  now = new Date(now.getTime() + 2 * 86_400_000);
  const counts = await purgeExpired(ids, now);
  expect(counts.codes).toBe(1);
  expect(await database.admin.select().from(sessions)).toHaveLength(0);
  expect(await database.admin.select().from(authFlows)).toHaveLength(0);
  expect(await database.admin.select().from(authCodes)).toHaveLength(0);
});
