import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { TEMPLATE_ENV } from './pglite-template.ts';

const MIGRATIONS = join(process.cwd(), 'server', 'db', 'migrations');

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on the server named by
 * DATABASE_URL (dropped afterwards), or an in-memory PGlite when DATABASE_URL is not set.
 */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = process.env[TEMPLATE_ENV];
    const database = template && existsSync(template) ? await openPglite(null, new Blob([readFileSync(template)])) : await openPglite(null);
    await database.migrate(MIGRATIONS); // a no-op on the migrated template
    return { ...database, drop: () => database.close() };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres(dbUrl.toString(), { poolSize: 4 });
  await database.migrate(MIGRATIONS);
  return {
    ...database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
