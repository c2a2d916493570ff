// Decision 0058: on PGlite every scoped statement is prepared once per session and then only bound
// and executed. Row-level security must hold exactly as before: a prepared (and, after five runs,
// generically planned) statement sees the rows of the store set in the exchange that runs it, never
// those of the store it was prepared or planned under.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PREPARED_MAX } from '#server/db/client.ts';
import { accounts } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const STORES = ['prep-a', 'prep-b'] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  const repo = createStoreRepo(database.db);
  for (const id of STORES) await applyStoreDocument(repo, tenantDoc(id));
  for (const storeId of STORES)
    await inStore(storeId, () =>
      database.db.insert(accounts).values({ storeId, publicId: `pub-${storeId}`, email: `${storeId}@example.jp` }),
    );
});
afterAll(() => database.drop());

/** The same statement text whatever the store: the store comes from the scope alone. */
const emails = () => database.db.select({ email: accounts.email, storeId: accounts.storeId }).from(accounts);

/** PGlite's prepared statements whose text contains `fragment`, with their plan counts. */
async function preparedLike(fragment: string) {
  const pglite = database.pglite;
  if (!pglite) return null;
  const { rows } = await pglite.query<{ name: string; generic_plans: number; custom_plans: number }>(
    'select name, generic_plans::int, custom_plans::int from pg_prepared_statements where statement like $1',
    [`%${fragment}%`],
  );
  return rows;
}

describe('statements prepared once per session (PGlite)', () => {
  it("a statement run alternately in two stores' scopes sees only the scope's rows, on every run", async () => {
    for (let i = 0; i < 12; i++) {
      for (const storeId of STORES) {
        const rows = await inStore(storeId, emails);
        expect(rows).toEqual([{ email: `${storeId}@example.jp`, storeId }]);
      }
    }
    // Without a store: no rows (row-level security forced); across stores: both.
    expect(await emails()).toEqual([]);
    const all = await acrossStores(emails, 'store_admin');
    expect(all.map((r) => r.storeId).sort()).toEqual([...STORES]);
  });

  it('is parsed once and then only executed (PGlite)', async () => {
    if (!database.pglite) return; // PostgreSQL: pg sends each statement unnamed, as before
    const marker = 'prepared_once_marker';
    const read = () => database.db.select({ n: sql<number>`1`.as(marker) }).from(accounts);
    for (let i = 0; i < 8; i++) await inStore('prep-a', read);
    const prepared = await preparedLike(marker);
    expect(prepared).toHaveLength(1);
    expect((prepared?.[0]?.generic_plans ?? 0) + (prepared?.[0]?.custom_plans ?? 0)).toBeGreaterThanOrEqual(8);
  });

  it("a write with another store's id is refused, each time", async () => {
    for (let i = 0; i < 2; i++) {
      await expect(
        inStore('prep-a', () =>
          database.db.insert(accounts).values({ storeId: 'prep-b', publicId: `intruder-${i}`, email: `intruder-${i}@example.jp` }),
        ),
      ).rejects.toThrow();
    }
    // The statement that failed is usable again, and a write in the right scope goes through.
    await inStore('prep-a', () => database.db.insert(accounts).values({ storeId: 'prep-a', publicId: 'ok-1', email: 'ok-1@example.jp' }));
    const rows = await inStore('prep-a', () =>
      database.db.select({ id: accounts.publicId }).from(accounts).where(eq(accounts.publicId, 'ok-1')),
    );
    expect(rows).toEqual([{ id: 'ok-1' }]);
    const others = await inStore('prep-b', () => database.db.select({ id: accounts.publicId }).from(accounts));
    expect(others).toEqual([{ id: 'pub-prep-b' }]);
  });

  it('keeps at most PGLITE_PREPARED_MAX statements on the session, the least recently used closed', async () => {
    if (!database.pglite) return;
    for (let i = 0; i < PGLITE_PREPARED_MAX + 20; i++) {
      const rows = await inStore('prep-a', () =>
        database.db
          .select({ n: sql<number>`${sql.raw(String(i))}::int` })
          .from(accounts)
          .limit(1),
      );
      expect(rows).toEqual([{ n: i }]);
    }
    // One more scoped statement closes what the last one evicted.
    await inStore('prep-a', emails);
    const { rows } = await database.pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(rows[0]?.n).toBeLessThanOrEqual(PGLITE_PREPARED_MAX);
    expect(rows[0]?.n).toBeGreaterThan(PGLITE_PREPARED_MAX - 5);
  });
});

describe('drizzle queries built once (PostgreSQL)', () => {
  it('are sent unnamed: a named statement would stay on one server connection, which a transaction pooler does not keep', async () => {
    if (database.kind !== 'postgres') return;
    const names: unknown[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const config = args[0] as { name?: unknown; text?: string } | undefined;
      if (typeof config === 'object' && config?.text?.includes('"accounts"')) names.push(config.name);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as never;
    try {
      const built = database.db
        .select({ email: accounts.email })
        .from(accounts)
        .where(eq(accounts.publicId, sql.placeholder('publicId')))
        .prepare('built_once');
      for (const storeId of STORES)
        expect(await inStore(storeId, () => built.execute({ publicId: `pub-${storeId}` }))).toEqual([{ email: `${storeId}@example.jp` }]);
      expect(await inStore('prep-a', () => built.execute({ publicId: 'pub-prep-b' }))).toEqual([]);
    } finally {
      pg.Client.prototype.query = original;
    }
    expect(names).toHaveLength(3);
    expect(names.every((n) => !n)).toBe(true);
  });
});
