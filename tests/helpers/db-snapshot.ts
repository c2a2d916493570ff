import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

/** Every row of every table, grouped by store: table name -> rows (as JSON text, sorted). */
export type StoreRows = Map<string, string[]>;

/**
 * The rows of a table that has no `store_id` column (throttle counters, server secrets, the
 * migration journal) are kept under this key.
 */
export const SHARED = '(no store)';

export type DbSnapshot = {
  /** store id (or SHARED) -> table -> rows. */
  byStore: Map<string, StoreRows>;
  /** One hash over everything, for "no row changed anywhere". */
  hash: string;
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];

/**
 * Reads every row of every table of the application (the public schema, found in the catalogue so
 * a table added later is included) and groups them by their `store_id`.
 *
 * It reads all rows regardless of store: it is the witness of the isolation and fuzz suites ("no
 * row of the other store changed"). The application's connection sees only the store set in its
 * transaction (row-level security), so it reads through `database.admin` (store_admin, which
 * bypasses row-level security).
 */
export async function snapshotDatabase(database: Database): Promise<DbSnapshot> {
  const tables = rowsOf(
    await database.admin.execute(sql`
      select t.table_schema as schema, t.table_name as name,
             exists (select 1 from information_schema.columns c
                     where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'store_id') as has_store
      from information_schema.tables t
      where t.table_type = 'BASE TABLE' and t.table_schema = 'public'
      order by 1, 2`),
  ) as { schema: string; name: string; has_store: boolean }[];

  const byStore = new Map<string, StoreRows>();
  const digest = createHash('sha256');
  for (const t of tables) {
    const qualified = sql.raw(`"${t.schema}"."${t.name}"`);
    const rows = rowsOf(
      await database.admin.execute(
        t.has_store
          ? sql`select store_id as s, row_to_json(x)::text as r from ${qualified} x`
          : sql`select null as s, row_to_json(x)::text as r from ${qualified} x`,
      ),
    ) as { s: string | null; r: string }[];
    const label = `${t.schema}.${t.name}`;
    for (const { s, r } of rows) {
      const store = s ?? SHARED;
      const tablesOfStore = byStore.get(store) ?? new Map<string, string[]>();
      byStore.set(store, tablesOfStore);
      const list = tablesOfStore.get(label) ?? [];
      tablesOfStore.set(label, list);
      list.push(r);
    }
    digest.update(`${label}\n`);
    for (const r of rows.map((x) => x.r).sort()) digest.update(`${r}\n`);
  }
  for (const tablesOfStore of byStore.values()) for (const list of tablesOfStore.values()) list.sort();
  return { byStore, hash: digest.digest('hex') };
}

/** What differs between two snapshots for one store (or SHARED): "table: +added -removed" lines, [] when equal. */
export function storeDiff(before: DbSnapshot, after: DbSnapshot, store: string): string[] {
  const a = before.byStore.get(store) ?? new Map<string, string[]>();
  const b = after.byStore.get(store) ?? new Map<string, string[]>();
  const out: string[] = [];
  for (const table of new Set([...a.keys(), ...b.keys()])) {
    const was = new Set(a.get(table) ?? []);
    const is = new Set(b.get(table) ?? []);
    const added = [...is].filter((r) => !was.has(r));
    const removed = [...was].filter((r) => !is.has(r));
    for (const r of removed) out.push(`${table}: - ${r}`);
    for (const r of added) out.push(`${table}: + ${r}`);
  }
  return out;
}

/** Every difference between two snapshots, across all stores. */
export function databaseDiff(before: DbSnapshot, after: DbSnapshot): string[] {
  const stores = new Set([...before.byStore.keys(), ...after.byStore.keys()]);
  return [...stores].flatMap((s) => storeDiff(before, after, s).map((line) => `[${s}] ${line}`));
}
