import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServices } from '#server/app/composition.ts';
import { loadConfig } from '#server/base/config.ts';
import { createLogger } from '#server/base/logger.ts';
import { accounts, authCodes, authFlows, sessions } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { createFlowRepo } from '../flows/repo.ts';
import { createCodeRepo } from '../verification/code-repo.ts';
import { createHousekeeping } from './service.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('deletes expired sessions, flows and old codes, and keeps live ones', async () => {
  let now = new Date('2026-11-01T00:00:00Z');
  const clock = () => now;
  const services = createServices({
    db: database.db,
    config: loadConfig({ NODE_ENV: 'test', SESSION_TTL_DAYS: '1' }),
    log: createLogger('silent'),
    now: clock,
  });
  await applyStoreDocument(services.storeRepo, tenantDoc('hk'));
  const [account] = await database.admin.insert(accounts).values({ storeId: 'hk', publicId: 'hk-1', email: 'hk@example.jp' }).returning();
  await inStore('hk', () => services.sessions.signIn(account?.id ?? '', { sid: undefined, latid: undefined }));
  await inStore('hk', () => createFlowRepo(database.db).create('login', { email: 'hk@example.jp' }, new Date(now.getTime() + 3_600_000)));
  const codes = createCodeRepo({ db: database.db, clock, secret: async () => Buffer.alloc(32, 1) });
  await inStore('hk', () => codes.issue({ email: 'hk@example.jp', purpose: 'login', validityMinutes: 60 }));
  await services.housekeeping.purgeExpired(now);
  expect(await database.admin.select().from(sessions)).toHaveLength(1);
  expect(await database.admin.select().from(authFlows)).toHaveLength(1);
  expect(await database.admin.select().from(authCodes)).toHaveLength(1);
  now = new Date(now.getTime() + 2 * 86_400_000);
  const counts = await services.housekeeping.purgeExpired(now);
  expect(counts.codes).toBe(1);
  expect(await database.admin.select().from(sessions)).toHaveLength(0);
  expect(await database.admin.select().from(authFlows)).toHaveLength(0);
  expect(await database.admin.select().from(authCodes)).toHaveLength(0);
});

it('at stop, finishes the step in hand and begins no other (decision 0054)', async () => {
  const done: string[] = [];
  let release: () => void = () => undefined;
  let started: () => void = () => undefined;
  const inStep = new Promise<void>((resolve) => {
    started = resolve;
  });
  const step =
    (name: string, wait = false) =>
    async () => {
      if (wait) {
        started();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      done.push(name);
      return 0;
    };
  // The first step (codes) is slow; every other one only records that it ran.
  const housekeeping = createHousekeeping({
    codes: { purge: step('codes', true) } as never,
    throttle: { purge: step('throttle') } as never,
    sendLimits: { purge: step('sendLimits') } as never,
    sessionRepo: { deleteExpired: step('sessions') } as never,
    flows: { deleteExpired: step('flows') } as never,
    retention: {
      deleteExpiredPasswordResets: step('resets'),
      deleteExpiredPurchaseTokens: step('tokens'),
      deleteOldMail: step('mail'),
    } as never,
    clock: () => new Date(),
  });
  const stop = housekeeping.start(createLogger('silent'), { firstRunMs: 0 });
  await inStep;
  const stopping = Promise.resolve(stop()).then(() => done.push('stopped'));
  release();
  await stopping;
  // Stop resolved after the step in hand, and no later step began.
  expect(done).toEqual(['codes', 'stopped']);
});
