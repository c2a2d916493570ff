import { join } from 'node:path';
import { PGlite, parse as pgliteParse, protocol as pgliteProtocol } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lastAppliedMigration, MIGRATION_LOCK_KEY } from './migration-state.ts';
import { makePrivate } from './private-folder.ts';
import * as schema from './schema.ts';
import { currentScope, type DbScope, scopeStatement } from './scope.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The role the application's connections run as: it owns no table, and row-level security applies to it. */
export const APP_ROLE = 'store_app';

export type Database = {
  kind: 'pglite' | 'postgres';
  /** The application's handle: each transaction opens in the scope of server/db/scope.ts. */
  db: Db;
  /**
   * Every transaction as store_admin (bypasses row-level security): the store tool, the demo seed
   * and tests that inspect rows of every store. Never for a request's work.
   */
  admin: Db;
  /** Runs fn for each NOTIFY on channel; returns a function that stops listening. */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
  /** Applies the pending migrations; on PostgreSQL under an advisory lock (decision 0032). */
  migrate(migrationsFolder: string): Promise<void>;
  /** The newest applied migration's time (drizzle's record of it); null when none is. */
  lastAppliedMigration(): Promise<number | null>;
  close(): Promise<void>;
  /** The PGlite instance in embedded mode; undefined on PostgreSQL. */
  pglite?: PGlite;
  /** The pool's connections (PostgreSQL; PGlite is one session): the metrics read it at each scrape. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/** Told the duration of each statement (PGlite: each query or whole transaction), in seconds: the metrics. */
export type QueryObserver = (seconds: number) => void;

async function timed<T>(observe: QueryObserver | undefined, run: () => Promise<T>): Promise<T> {
  if (!observe) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    observe((performance.now() - started) / 1000);
  }
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;

const adminScope = (): DbScope => ({ kind: 'role', role: 'store_admin' });

type PgliteQuery = PGlite['query'];
type PgliteTransaction = PGlite['transaction'];
type PgliteQueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  serializers?: Record<number, (value: unknown) => string>;
  paramTypes?: number[];
};
/** PGlite's own locks and calls that its `query` takes and makes; used by scopedPgliteQuery alone. */
type PgliteInternals = {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId: number) => unknown>;
};

const concatBytes = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** A statement prepared by name on the PGlite session, and its parameters' types. */
type PreparedOnPglite = { name: string; types: number[] };

/**
 * The statements prepared on one PGlite session, by text (decision 0058): each is parsed, analysed
 * and planned by the engine once instead of on every call. At most `PGLITE_PREPARED_MAX`, the
 * least recently used closed first (statements whose text carries values, such as a list's
 * length, would otherwise grow it without end).
 */
export const PGLITE_PREPARED_MAX = 400;
type PgliteStatements = { byText: Map<string, PreparedOnPglite>; closing: string[]; next: number };
const pgliteStatements = new WeakMap<PGlite, PgliteStatements>();
function statementsOf(pglite: PGlite): PgliteStatements {
  let found = pgliteStatements.get(pglite);
  if (!found) {
    found = { byText: new Map(), closing: [], next: 0 };
    pgliteStatements.set(pglite, found);
  }
  return found;
}

/** The prepared statement of `text` (marked most recently used), or null when it is not prepared yet. */
function preparedOf(statements: PgliteStatements, text: string): PreparedOnPglite | null {
  const found = statements.byText.get(text);
  if (!found) return null;
  statements.byText.delete(text);
  statements.byText.set(text, found);
  return found;
}

/**
 * Prepares `text` by a new name (parse, describe its parameters; no Sync: the exchange that runs it
 * follows). The name is never used again if this fails. Takes the least recently used statement
 * out of the cache beyond the limit; it is closed in the next exchange.
 */
async function prepareOnPglite(pglite: PGlite, statements: PgliteStatements, key: string, text: string, paramTypes?: number[]) {
  const s = pgliteProtocol.serialize;
  const name = `q${statements.next++}`;
  const described = await pglite.execProtocolStream(
    concatBytes([s.parse({ name, text, types: paramTypes }), s.describe({ type: 'S', name })]),
    {
      syncToFs: false,
    },
  );
  const prepared = { name, types: pgliteParse.parseDescribeStatementResults(described) as number[] };
  statements.byText.set(key, prepared);
  if (statements.byText.size > PGLITE_PREPARED_MAX) {
    const [oldest] = statements.byText;
    if (oldest) {
      statements.byText.delete(oldest[0]);
      statements.closing.push(oldest[1].name);
    }
  }
  return prepared;
}

/**
 * One statement in a scope on PGlite as one exchange ended by one Sync (decision 0044): the
 * scope's `set_config(..., true)` and the statement run in the same implicit transaction of the
 * extended protocol, which ends at the Sync, so the scope ends with the statement. Both are
 * statements prepared once per session (decision 0058): a call binds and executes them, and the
 * engine neither parses nor plans them again. The same locks as PGlite's own `query`. The
 * first call of a text adds one exchange (parse, describe its parameters' types).
 */
async function scopedPgliteQuery(pglite: PGlite, statement: string, text: string, params: unknown[] = [], opts: PgliteQueryOptions = {}) {
  const engine = pglite as unknown as PgliteInternals;
  const s = pgliteProtocol.serialize;
  const statements = statementsOf(pglite);
  await engine._checkReady();
  return engine._runExclusiveTransaction(() =>
    engine._runExclusiveQuery(async () => {
      let synced = false;
      // The key holds the parameters' declared types too: the same text may be prepared with others.
      const key = opts.paramTypes?.length ? `${text}\0${opts.paramTypes.join(',')}` : text;
      try {
        const scope = preparedOf(statements, statement) ?? (await prepareOnPglite(pglite, statements, statement, statement));
        const query = preparedOf(statements, key) ?? (await prepareOnPglite(pglite, statements, key, text, opts.paramTypes));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = query.types[i] as number;
          const serialize = opts.serializers?.[type] ?? engine.serializers[type];
          return serialize ? serialize(value) : String(value);
        });
        const closing = statements.closing.splice(0).map((name) => s.close({ type: 'S', name } as never));
        synced = true;
        const messages = await pglite.execProtocolStream(
          concatBytes([
            ...closing,
            s.bind({ statement: scope.name }),
            s.execute({}),
            s.bind({ statement: query.name, values }),
            s.describe({ type: 'P' }),
            s.execute({}),
            s.sync(),
          ]),
          { syncToFs: false },
        );
        await pglite.syncToFs();
        // The scope's row and completion come first, without a row description: not the query's result.
        const scopeDone = messages.findIndex((m) => m.name === 'commandComplete');
        return pgliteParse.parseResults(messages.slice(scopeDone + 1), engine.parsers as never, opts as never)[0];
      } catch (err) {
        // A statement that failed may have failed for its plan (a table changed under it): closed, prepared again next time.
        const failed = statements.byText.get(key);
        if (failed) {
          statements.byText.delete(key);
          statements.closing.push(failed.name);
        }
        if (err && typeof err === 'object') Object.assign(err, { query: text, params, queryOptions: opts });
        throw err;
      } finally {
        if (!synced) await pglite.execProtocolStream(s.sync(), { syncToFs: false, throwOnError: false }).catch(() => {});
      }
    }),
  );
}

/**
 * The PGlite instance as drizzle sees it: a query or transaction opens with the scope's statement.
 * PGlite is one session, so the scope is set per transaction (`set_config(..., true)`), never for
 * the session: a transaction's own, or the implicit transaction of one statement's exchange.
 */
function scopedPglite(pglite: PGlite, scopeOf: () => DbScope | undefined, observe?: QueryObserver): PGlite {
  const query: PgliteQuery = (async (q: string, params?: unknown[], opts?: object) => {
    const statement = scopeStatement(scopeOf());
    if (!statement) return timed(observe, () => pglite.query(q, params, opts as never));
    return timed(observe, () => scopedPgliteQuery(pglite, statement, q, params, opts as PgliteQueryOptions));
  }) as PgliteQuery;
  const transaction: PgliteTransaction = (async (fn: Parameters<PgliteTransaction>[0]) => {
    const statement = scopeStatement(scopeOf());
    return timed(observe, () =>
      pglite.transaction(async (tx) => {
        if (statement) await tx.exec(statement);
        return fn(tx);
      }),
    );
  }) as PgliteTransaction;
  return new Proxy(pglite, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return transaction;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** PGlite in `dataDir`, or in memory (optionally loaded from a dump, as tests do). */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob, opts: { onQuery?: QueryObserver } = {}): Promise<Database> {
  let pglite: PGlite;
  if (dataDir) {
    // Private to its owner (decision 0029), also when an older version made it readable to all.
    makePrivate(dataDir);
    pglite = await PGlite.create(join(dataDir, 'pgdata'));
    makePrivate(dataDir);
  } else {
    pglite = await PGlite.create(loadDataDir ? { loadDataDir } : undefined);
  }
  const db = drizzlePglite(scopedPglite(pglite, currentScope, opts.onQuery), { schema }) as unknown as Db;
  const admin = drizzlePglite(scopedPglite(pglite, adminScope), { schema }) as unknown as Db;
  // A migrated database (a test template) has the role already: the session takes it at once.
  await setPgliteRole(pglite);
  return {
    kind: 'pglite',
    db,
    admin,
    pglite,
    async listen(channel, fn) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel ${channel}`);
      const unsub = await pglite.listen(channel, fn);
      return async () => unsub();
    },
    async migrate(migrationsFolder) {
      // Migrations run as the session's own user (the owner); the application's role follows.
      await pglite.exec('reset role');
      await migratePglite(drizzlePglite(pglite) as never, { migrationsFolder });
      await setPgliteRole(pglite);
    },
    async lastAppliedMigration() {
      // drizzle's table is the owner's; the application's role cannot read it.
      await pglite.exec('reset role');
      try {
        return await lastAppliedMigration((text) => pglite.query(text));
      } finally {
        await setPgliteRole(pglite);
      }
    },
    async close() {
      await pglite.close();
      if (dataDir) makePrivate(dataDir);
    },
  };
}

/** The one PGlite session runs as the application's role once the migrations have created it. */
async function setPgliteRole(pglite: PGlite) {
  const { rows } = await pglite.query<{ n: number }>('select count(*)::int as n from pg_roles where rolname = $1', [APP_ROLE]);
  if (rows[0]?.n) await pglite.exec(`set role ${APP_ROLE}`);
}

export type PostgresOptions = {
  poolSize?: number;
  /** Where migrations run (the tables' owner); DATABASE_URL's user when not set. */
  ownerUrl?: string;
  /**
   * The same database reached directly, when `url` is a pooler in transaction mode (PgBouncer):
   * session state (LISTEN, the migration lock) needs a connection of its own, and the role is set
   * in each transaction instead of at connection start (decision 0043).
   */
  directUrl?: string;
  /**
   * Connection errors outside any query: an idle pooled connection or the LISTEN connection
   * dropped by the server (restart, failover, pg_terminate_backend). Without a handler, node-postgres
   * turns them into an uncaught exception that ends the process.
   */
  onError?: (err: Error) => void;
  onQuery?: QueryObserver;
};

/** The LISTEN connection reconnects after waits of 1 s doubling to 30 s. */
const LISTEN_RETRY_MS = 1_000;
const LISTEN_RETRY_MAX_MS = 30_000;

/** PostgreSQL's codes for a connection that ended (admin shutdown, crash, cannot connect) and the driver's own messages. */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);

export function isConnectionError(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /Connection terminated|connection error|Client was closed/i.test(e.message)) return true;
  }
  return false;
}

type QueryConfig = string | { text: string };
const textOf = (config: QueryConfig) => (typeof config === 'string' ? config : config.text);
/** A statement that only reads, outside any transaction: safe to run again on a new connection. */
const READ_ONLY = /^\s*select\b/i;

type PgConnection = {
  parse(opts: { text: string; name?: string; types?: unknown[] }): void;
  bind(opts: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(opts: { portal?: string; rows?: number }): void;
};
type PgQueryInternals = {
  requiresPreparation(): boolean;
  prepare(connection: PgConnection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
};
const PgQuery = pg.Query as unknown as new (
  config: QueryConfig,
  values: unknown[] | undefined,
  callback: (err: Error | null, res: pg.QueryResult) => void,
) => PgQueryInternals;

/**
 * One statement in a scope as one round trip (decision 0044): the scope's statement
 * (`set_config(..., true)`) and the query go out as one pipeline of the extended protocol
 * (parse, bind, execute; parse, bind, describe, execute; one Sync). PostgreSQL runs everything
 * up to a Sync in one implicit transaction, so the scope holds for the query and ends with it,
 * as with begin/commit around it. The scope's row and completion are not the query's result.
 * `statementCount` is read by the bench's counter (tests/bench/db-count.ts).
 */
class ScopedQuery extends PgQuery {
  readonly statementCount = 2;
  private readonly scope: string;
  private scopeAnswered = false;
  constructor(
    scope: string,
    config: QueryConfig,
    values: unknown[] | undefined,
    callback: (err: Error | null, res: pg.QueryResult) => void,
  ) {
    super(config, values, callback);
    this.scope = scope;
  }
  override requiresPreparation() {
    return true;
  }
  override prepare(connection: PgConnection) {
    connection.parse({ text: this.scope });
    connection.bind({ values: [] });
    connection.execute({});
    super.prepare(connection);
  }
  override handleDataRow(msg: unknown) {
    if (this.scopeAnswered) super.handleDataRow(msg);
  }
  override handleCommandComplete(msg: unknown, connection: PgConnection) {
    if (!this.scopeAnswered) this.scopeAnswered = true;
    else super.handleCommandComplete(msg, connection);
  }
}

/**
 * The pg pool as drizzle sees it (its name contains "Pool", which drizzle checks): each query or
 * transaction opens with the scope's statement, and a read-only query that lost its connection is
 * tried once more on a new one (a write is not: it may have happened).
 */
class ScopedPool {
  private readonly pool: pg.Pool;
  private readonly scopeOf: () => DbScope | undefined;
  private readonly observe: QueryObserver | undefined;
  /** Behind a transaction pooler, each transaction takes the application's role first. */
  private readonly rolePerTransaction: boolean;
  constructor(pool: pg.Pool, scopeOf: () => DbScope | undefined, observe?: QueryObserver, rolePerTransaction = false) {
    this.pool = pool;
    this.scopeOf = scopeOf;
    this.observe = observe;
    this.rolePerTransaction = rolePerTransaction;
  }

  /** What opens each transaction: the scope, and behind a pooler the application's role (decision 0043). */
  private opening(): string | null {
    return scopeStatement(this.scopeOf(), this.rolePerTransaction ? APP_ROLE : undefined);
  }

  query(config: QueryConfig, values?: unknown[]) {
    // A drizzle query built once (`.prepare(name)`, decision 0058) is sent unnamed, as every other:
    // a named statement lives on one server connection, which a transaction pooler does not keep (0043).
    if (typeof config === 'object' && 'name' in config && config.name) config = { ...config, name: undefined } as QueryConfig;
    return timed(this.observe, async () => {
      try {
        return await this.queryOnce(config, values);
      } catch (err) {
        if (!isConnectionError(err) || !READ_ONLY.test(textOf(config))) throw err;
        return this.queryOnce(config, values);
      }
    });
  }

  private async queryOnce(config: QueryConfig, values?: unknown[]) {
    const statement = this.opening();
    if (!statement) return this.pool.query(config as string, values);
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const parameters = values ?? (config as { values?: unknown[] }).values;
    if (!parameters?.length && textOf(config).includes(';')) {
      // Several statements without parameters (the simple protocol only): in a transaction as before.
      try {
        await client.query(`begin; ${statement}`);
        const result = await client.query(config as string);
        await client.query('commit');
        return result;
      } catch (err) {
        if (isConnectionError(err)) broken = err as Error;
        else await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release(broken);
      }
    }
    try {
      return await new Promise<pg.QueryResult>((resolve, reject) => {
        client.query(new ScopedQuery(statement, config, values, (err, res) => (err ? reject(err) : resolve(res))) as never);
      });
    } catch (err) {
      if (isConnectionError(err)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** drizzle opens its transactions on a client with `begin`: the scope's statement follows it. */
  async connect() {
    const client = await this.pool.connect();
    const statement = this.opening();
    const observe = this.observe;
    if (!statement && !observe) return client;
    const bound = client.query.bind(client) as (config: QueryConfig, values?: unknown[]) => Promise<unknown>;
    const query = (config: QueryConfig, values?: unknown[]) => timed(observe, () => bound(config, values));
    return new Proxy(client, {
      get(target, prop) {
        if (prop === 'query') {
          return async (config: QueryConfig, values?: unknown[]) => {
            // `begin` and the scope's statement in one simple query: one round trip.
            if (statement && /^begin\b/i.test(textOf(config)) && !values?.length && !(config as { values?: unknown[] }).values?.length)
              return query(`${textOf(config)}; ${statement}`);
            return query(config, values);
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const onError = opts.onError ?? ((err: Error) => process.stderr.write(`database connection error: ${err.message}\n`));
  // Every connection runs as the application's role from its start; a missing role fails the
  // connection (never a silent fallback to the owner, which row-level security would not restrict).
  // Behind a transaction pooler (directUrl set) a server connection serves many clients and the
  // pooler passes no startup options: each transaction sets the role itself (`set_config('role', …, true)`),
  // and a missing role fails that statement just the same.
  const pooled = opts.directUrl !== undefined;
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, ...(pooled ? {} : { options: `-c role=${APP_ROLE}` }) });
  // LISTEN and the migration lock are session state: never through a transaction pooler.
  const sessionUrl = opts.directUrl ?? url;
  let closing = false;
  pool.on('error', (err) => {
    // The pool has already dropped the connection; the next query opens a new one.
    if (!closing) onError(err);
  });
  const db = drizzlePg(new ScopedPool(pool, currentScope, opts.onQuery, pooled) as never, { schema }) as unknown as Db;
  const admin = drizzlePg(new ScopedPool(pool, adminScope, undefined, pooled) as never, { schema }) as unknown as Db;
  const stops: Array<() => Promise<void>> = [];
  return {
    kind: 'postgres',
    db,
    admin,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, fn) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel ${channel}`);
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      let delay = LISTEN_RETRY_MS;
      const connect = async () => {
        const c = new pg.Client({ connectionString: sessionUrl });
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
      // As the owner, on a connection of its own (the pool's connections are the application's role).
      // Processes started together each migrate: the advisory lock, held for the whole run, makes
      // them take turns, and a later one finds every migration applied (decision 0032). It is the
      // session's: it goes with the connection if this process dies half-way.
      const owner = new pg.Client({ connectionString: opts.ownerUrl ?? sessionUrl });
      await owner.connect();
      try {
        await owner.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
        await migratePg(drizzlePg(owner) as never, { migrationsFolder });
        await owner.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
      } finally {
        await owner.end();
      }
    },
    async lastAppliedMigration() {
      const owner = new pg.Client({ connectionString: opts.ownerUrl ?? sessionUrl });
      await owner.connect();
      try {
        return await lastAppliedMigration((text) => owner.query(text));
      } finally {
        await owner.end();
      }
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
