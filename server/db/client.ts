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

export type PostgresOptions = {
  poolSize?: number;
  /**
   * Connection errors outside any query: an idle pooled connection or the LISTEN connection
   * dropped by the server (restart, failover, pg_terminate_backend). Without a handler, node-postgres
   * turns them into an uncaught exception that ends the process.
   */
  onError?: (err: Error) => void;
};

/** The LISTEN connection reconnects after waits of 1 s doubling to 30 s. */
const LISTEN_RETRY_MS = 1_000;
const LISTEN_RETRY_MAX_MS = 30_000;

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const onError = opts.onError ?? ((err: Error) => process.stderr.write(`database connection error: ${err.message}\n`));
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  let closing = false;
  pool.on('error', (err) => {
    // The pool has already dropped the connection; the next query opens a new one.
    if (!closing) onError(err);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const stops: Array<() => Promise<void>> = [];
  return {
    kind: 'postgres',
    db,
    async listen(channel, fn) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel ${channel}`);
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let delay = LISTEN_RETRY_MS;
      const connect = async () => {
        const c = new pg.Client({ connectionString: url });
        c.on('error', (err) => {
          if (stopped || closing) return;
          onError(err);
          c.end().catch(() => {});
          if (client === c) client = undefined;
          reconnectLater();
        });
        c.on('notification', (n) => {
          if (n.channel === channel) fn(n.payload ?? '');
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${channel}`);
        } catch (err) {
          c.end().catch(() => {});
          throw err;
        }
        if (stopped || closing) {
          // Stopped while this (re)connect was under way: stop() found no connection to end.
          await c.end().catch(() => {});
          return false;
        }
        client = c;
        delay = LISTEN_RETRY_MS;
        return true;
      };
      const reconnectLater = () => {
        if (stopped || closing || retry) return;
        retry = setTimeout(async () => {
          retry = undefined;
          try {
            // Notifications sent while the connection was down are lost: an empty payload means
            // "anything may have changed".
            if (await connect()) fn('');
          } catch (err) {
            if (stopped || closing) return;
            onError(err as Error);
            delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
            reconnectLater();
          }
        }, delay);
        retry.unref();
      };
      await connect();
      const stop = async () => {
        if (stopped) return; // the watcher and close() both stop it
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
      stops.push(stop);
      return stop;
    },
    async migrate(migrationsFolder) {
      await migratePg(db as never, { migrationsFolder });
    },
    async close() {
      closing = true;
      await Promise.all(stops.map((stop) => stop()));
      // pool.end() resolves once every connection has been asked to close, not once it has closed;
      // wait for each 'remove' (emitted after the connection's end), so that a caller may drop the
      // database at once (tests do, WITH (FORCE), which would otherwise hit a closing connection).
      const open = pool.totalCount;
      let removed = 0;
      const allRemoved = new Promise<void>((resolve) => {
        if (open === 0) resolve();
        pool.on('remove', () => {
          if (++removed >= open) resolve();
        });
      });
      await pool.end();
      // A cap, so a connection that never reports its end cannot hold shutdown.
      let cap: NodeJS.Timeout | undefined;
      await Promise.race([allRemoved, new Promise<void>((resolve) => (cap = setTimeout(resolve, 5_000)))]);
      clearTimeout(cap);
    },
  };
}
