import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Which migrations of this version a database lacks (decision 0032). drizzle's migrator records
 * each applied migration in drizzle.__drizzle_migrations with the journal's `when` of that
 * migration, and applies every migration newer than the newest it recorded: the same rule here.
 */
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

/**
 * The one advisory lock every process takes for its whole migration run, so that processes
 * started together migrate one after another (the later ones then find nothing to do).
 * A fixed key: "stplmigr" read as a 64-bit integer.
 */
export const MIGRATION_LOCK_KEY = '8319398022654551922';

const journalSchema = z.object({
  entries: z.array(z.object({ when: z.number(), tag: z.string() })),
});

/** The migrations of this version, oldest first: the tag (file name without .sql) and its time. */
export function journalEntries(migrationsFolder: string): Array<{ when: number; tag: string }> {
  const text = readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  return journalSchema.parse(JSON.parse(text)).entries;
}

/** The tags of the migrations a database whose newest applied migration is `lastApplied` lacks (null: none applied). */
export function pendingMigrations(migrationsFolder: string, lastApplied: number | null): string[] {
  return journalEntries(migrationsFolder)
    .filter((e) => lastApplied === null || e.when > lastApplied)
    .map((e) => e.tag);
}

type Query = (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** The newest applied migration's time; null when none is (no migrations table yet). */
export async function lastAppliedMigration(query: Query): Promise<number | null> {
  const exists = await query(`select to_regclass('${MIGRATIONS_TABLE}') is not null as "exists"`);
  if (!exists.rows[0]?.exists) return null;
  const { rows } = await query(`select max(created_at)::text as last from ${MIGRATIONS_TABLE}`);
  const last = rows[0]?.last;
  return typeof last === 'string' ? Number(last) : null;
}
