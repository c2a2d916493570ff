// A statement in a store's scope is one round trip to the database (decision 0044): the scope and
// the statement share the implicit transaction of one exchange, on PGlite and on PostgreSQL. The
// scope still holds for the statement alone: it ends with it, also when the statement fails.
// Counted through the drivers by the bench's counter (tests/bench/db-count.ts).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { counts } from '../bench/db-count.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;

/** The round trips and statements fn makes. */
async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; roundTrips: number; statements: number }> {
  const before = { ...counts };
  const value = await fn();
  return { value, roundTrips: counts.roundTrips - before.roundTrips, statements: counts.statements - before.statements };
}

beforeAll(async () => {
  // One connection on PostgreSQL: every statement below runs on the same session.
  database = await createTestDatabase({ poolSize: 1 });
  for (const storeId of ['rt-a', 'rt-b']) {
    const applied = await applyStoreDocument(createStoreRepo(database.admin), tenantDoc(storeId));
    expect(applied.ok).toBe(true);
    await acrossStores(
      () => database.admin.insert(accounts).values({ storeId, publicId: `p-${storeId}`, email: `m@${storeId}.example` }),
      'store_admin',
    );
  }
});
afterAll(async () => {
  await database?.drop();
});

describe('a statement in a store scope', () => {
  it('is one round trip and reads only that store', async () => {
    const r = await counted(() => inStore('rt-a', () => database.db.select().from(accounts)));
    expect(r.value.map((a) => a.storeId)).toEqual(['rt-a']);
    expect(r.roundTrips).toBe(1);
  });

  it('leaves no scope behind on the session', async () => {
    await inStore('rt-a', () => database.db.select().from(accounts));
    expect(await database.db.select().from(accounts)).toEqual([]);
    const b = await inStore('rt-b', () => database.db.select().from(accounts));
    expect(b.map((a) => a.storeId)).toEqual(['rt-b']);
  });

  it('writes in one round trip, committed with the exchange', async () => {
    const r = await counted(() =>
      inStore('rt-a', () =>
        database.db
          .insert(accounts)
          .values({ storeId: 'rt-a', publicId: 'p-rt-a-2', email: 'two@rt-a.example' })
          .returning({ id: accounts.id }),
      ),
    );
    expect(r.roundTrips).toBe(1);
    const found = await inStore('rt-a', () => database.db.select().from(accounts).where(eq(accounts.publicId, 'p-rt-a-2')));
    expect(found).toHaveLength(1);
    // Row-level security still refuses another store's row in the scope.
    await expect(
      inStore('rt-a', () => database.db.insert(accounts).values({ storeId: 'rt-b', publicId: 'p-x', email: 'x@rt-b.example' })),
    ).rejects.toThrow();
  });

  it('fails alone: no scope left behind, the session usable', async () => {
    await expect(inStore('rt-a', () => database.db.execute(sql`select 1 / 0`))).rejects.toThrow();
    expect(await database.db.select().from(accounts)).toEqual([]);
    const b = await inStore('rt-b', () => database.db.select().from(accounts));
    expect(b.map((a) => a.storeId)).toEqual(['rt-b']);
  });

  it('PostgreSQL: several statements without parameters still run, in the scope, as one transaction', async () => {
    if (database.kind !== 'postgres') return; // PGlite's query takes one statement, as before
    const result = await inStore('rt-a', () => database.db.execute(sql.raw('select 1; select count(*)::int as n from accounts')));
    const last = (result as unknown as Array<{ rows: Array<{ n: number }> }>).at(-1);
    expect(last?.rows[0]?.n).toBeGreaterThan(0);
    expect(await database.db.select().from(accounts)).toEqual([]);
  });

  it('parses and binds parameters as before (dates, nulls, arrays of results)', async () => {
    const rows = await inStore('rt-a', () =>
      database.db.execute(sql`select ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at, ${null}::text as nothing, ${3}::int as n`),
    );
    const row = (rows as unknown as { rows: Array<{ at: unknown; nothing: unknown; n: unknown }> }).rows[0];
    expect(new Date(String(row?.at)).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(row?.nothing).toBeNull();
    expect(row?.n).toBe(3);
  });
});
