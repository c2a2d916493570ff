// The billing run on one database session: PGlite (the default database) has exactly one, and the
// command-line tool reaches a running server's PGlite over one connection. Whatever a run asks
// besides its batches (the stores' plans, which the server reads through its settings cache) must
// not wait for the session a batch's transaction holds: it is asked before the first batch.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBillingEngine } from '#server/features/billing/engine.ts';
import { createSubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';
import { createFakeGateway } from '../purchase/fake-gateway.ts';
import { contractRows, PLANS, seedContracts, seedStores } from './support.ts';

const fake = createFakeGateway();
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 1 });
  await seedStores(database.db);
});
afterAll(() => database?.drop());

it("reads the stores' plans from the database before its batches, never inside one", async () => {
  const db = database.db;
  const ids = await seedContracts(db, [{ nextSettlementDay: '2027-01-05' }, { nextSettlementDay: '2027-01-05' }]);
  const lookups: string[] = [];
  const engine = createBillingEngine({
    db,
    gateway: fake.gateway,
    writer: createSubscriptionWriter(db),
    // As the server's settings cache does on a miss: a query. Inside a batch it would wait for the
    // one session forever; the time limit turns that into a failure that says so.
    plansOf: async (storeId) => {
      lookups.push(storeId);
      const waited = await Promise.race([
        db.execute(sql`select 1`).then(() => false),
        new Promise<boolean>((done) => setTimeout(() => done(true), 3_000)),
      ]);
      if (waited) throw new Error("the plans' lookup waited for the database session a batch holds");
      return PLANS;
    },
  });
  const summary = await engine.runBilling({ at: new Date('2027-01-05T09:00:00+09:00'), batchSize: 1 });
  expect(summary).toMatchObject({ renewed: 2, batches: 2, skipped: 0 });
  // Once per store with something due, not once per batch.
  expect(lookups).toEqual(['bill-a']);
  const rows = await contractRows(db);
  expect(ids.map((id) => rows.get(id)?.period_no)).toEqual([1, 1]);
});
