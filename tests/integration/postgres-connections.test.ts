// PostgreSQL only (DATABASE_URL): connections the server drops, and closing the pool.

import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, isConnectionError, openPostgres } from '#server/db/client.ts';
import { inStore } from '#server/db/scope.ts';
import { createEmptyPostgresDatabase } from '../helpers/test-db.ts';

const url = process.env.DATABASE_URL;
// Only bounds a broken behaviour; no speed goal.
const WAIT = { timeout: 15_000, interval: 25 };

describe.runIf(url)('PostgreSQL connections', () => {
  let scratch: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let admin: pg.Client;
  const opened: Database[] = [];

  const backends = async (where = '') =>
    (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 ${where}`, [scratch.name])).rows.map(
      (r) => r.pid,
    );
  const open = async (onError: (err: Error) => void, poolSize = 4) => {
    const database = await openPostgres(scratch.url, { poolSize, onError });
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    scratch = await createEmptyPostgresDatabase(url ?? '');
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // The application's connections take the role the migrations create (decision 0008).
    const migrator = await openPostgres(scratch.url, { poolSize: 1 });
    await migrator.migrate(join(process.cwd(), 'server', 'db', 'migrations'));
    await migrator.close();
  });
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    await admin.end();
    await scratch.drop();
  });

  /** Ends the one backend running a statement that contains `marker`, once it runs. */
  const endWhileRunning = (marker: string) =>
    vi.waitFor(async () => {
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = $1 and state = 'active' and query like $2 and pid <> pg_backend_pid()`,
        [scratch.name, `%${marker}%`],
      );
      expect(rows.length).toBe(1);
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    }, WAIT);

  it('a read whose connection is ended mid-query is tried once more on a new connection; a write is not (defect 8)', async () => {
    const database = await open(() => {}, 2);
    const read = inStore('some-store', () => database.db.execute(sql`select pg_sleep(0.4), 'read-marker' as m`));
    await endWhileRunning('read-marker');
    const answer = (await read) as unknown as { rows: { m: string }[] };
    expect(answer.rows[0]?.m).toBe('read-marker');

    const write = database.db.execute(sql`insert into app_secrets (name, value) select 'write-marker', pg_sleep(0.4)::text`);
    const failed = write.then(
      () => null,
      (e: unknown) => e,
    );
    await endWhileRunning('write-marker');
    // The write fails with the connection error (it may have happened: it is not run again).
    expect(isConnectionError(await failed)).toBe(true);
    const written = (await database.admin.execute(
      sql`select count(*)::int as n from app_secrets where name = 'write-marker'`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(written.rows[0]?.n).toBe(0);
    await database.close();
  });

  it('close() returns once every pooled connection has ended, so the database can be dropped at once', async () => {
    const errors: Error[] = [];
    const database = await open((e) => errors.push(e));
    // Four queries at once leave four idle connections in the pool.
    await Promise.all([1, 2, 3, 4].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    await database.listen('closing_check', () => {});
    expect((await backends()).length).toBe(5);
    await database.close();
    expect(await backends()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('an idle connection ended by the server is reported, and the next query opens a new one', async () => {
    const errors: Error[] = [];
    const database = await open((e) => errors.push(e), 1);
    await database.db.execute(sql`select 1`);
    const [pid] = await backends();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), WAIT);
    expect(errors[0]?.message).toMatch(/terminating connection/);
    const result = (await database.db.execute(sql`select 2 as n`)) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]?.n).toBe(2);
    await database.close();
  });

  it('the LISTEN connection comes back after the server ends it, reports "anything changed", and hears later notifications', async () => {
    const errors: Error[] = [];
    const database = await open((e) => errors.push(e), 1);
    const heard: string[] = [];
    await database.listen('store_check', (payload) => heard.push(payload));
    const listening = () => backends(`and query = 'LISTEN store_check'`);
    const listener = await vi.waitFor(async () => {
      const pids = await listening();
      expect(pids).toHaveLength(1);
      return pids;
    }, WAIT);
    await admin.query('select pg_terminate_backend($1)', [listener[0]]);
    // After the first retry (1 s), the listener reconnects and reports a possible change.
    await vi.waitFor(() => expect(heard).toContain(''), WAIT);
    expect(errors.some((e) => /terminating connection/.test(e.message))).toBe(true);
    const after = await listening();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(listener[0]);
    await database.db.execute(sql`select pg_notify('store_check', 'aozora')`);
    await vi.waitFor(() => expect(heard).toContain('aozora'), WAIT);
    await database.close();
    expect(await backends()).toEqual([]);
  });
});
