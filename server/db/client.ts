import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn for each NOTIFY on channel; returns a function that stops listening. */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance in embedded mode (for the socket server); undefined on PostgreSQL. */
  pglite?: PGlite;
};

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;

/** PGlite in `dataDir`, or in memory (optionally loaded from a dump, as tests do). */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  let pglite: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    pglite = await PGlite.create(join(dataDir, 'pgdata'));
  } else {
    pglite = await PGlite.create(loadDataDir ? { loadDataDir } : undefined);
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    async listen(channel, fn) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel ${channel}`);
      const unsub = await pglite.listen(channel, fn);
      return async () => unsub();
    },
    async migrate(migrationsFolder) {
      await migratePglite(db as never, { migrationsFolder });
    },
    async close() {
      await pglite.close();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  return {
    kind: 'postgres',
    db,
    async listen(channel, fn) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel ${channel}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      client.on('notification', (n) => {
        if (n.channel === channel) fn(n.payload ?? '');
      });
      await client.query(`LISTEN ${channel}`);
      listeners.push(client);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    async migrate(migrationsFolder) {
      await migratePg(db as never, { migrationsFolder });
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}
