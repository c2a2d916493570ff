import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { POSTGRES_TEMPLATE_ENV, TEMPLATE_ENV } from './pglite-template.ts';

const MIGRATIONS = join(process.cwd(), 'server', 'db', 'migrations');

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on the server named by
 * DATABASE_URL (dropped afterwards), or an in-memory PGlite when DATABASE_URL is not set. Both
 * start as a copy of the run's migrated template (pglite-template.ts) when there is one; the
 * migrate call then finds nothing to do.
 */
export async function createTestDatabase(opts: { poolSize?: number } = {}): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openMigratedPglite();
    return { ...database, drop: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase(url, process.env[POSTGRES_TEMPLATE_ENV]);
  // poolSize: connections of the pool (PostgreSQL; PGlite is one session whatever it says).
  const database = await openPostgres(empty.url, { poolSize: opts.poolSize ?? 4 });
  await database.migrate(MIGRATIONS);
  return {
    ...database,
    async drop() {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A migrated in-memory PGlite whatever DATABASE_URL says (e.g. behind a socket server, as a running
 * server holds it): loaded from the run's template when there is one, else migrated here.
 */
export async function openMigratedPglite(): Promise<Database> {
  const template = process.env[TEMPLATE_ENV];
  const database = template && existsSync(template) ? await openPglite(null, new Blob([readFileSync(template)])) : await openPglite(null);
  await database.migrate(MIGRATIONS); // a no-op on the migrated template
  return database;
}

/**
 * A new database on the PostgreSQL server at serverUrl, empty or a copy of the database named
 * template: its name, its URL, and drop(), which removes it even if connections remain
 * (WITH (FORCE)).
 */
export async function createEmptyPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  if (template !== undefined && !/^t_[0-9a-f]{12}$/.test(template)) throw new Error(`not a test template database: ${template}`);
  await admin(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  return { name, url: dbUrl.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
