// PostgreSQL only (DATABASE_URL): connections the server drops, and closing the pool.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '#server/db/client.ts';

const url = process.env.DATABASE_URL;

async function waitFor<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    // Only bounds a broken behaviour; no speed goal.
    if (Date.now() - started > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.runIf(url)('PostgreSQL connections', () => {
  const name = `t_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let dbUrl: string;
  const opened: Database[] = [];

  const backends = async (where = '') =>
    (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 ${where}`, [name])).rows.map((r) => r.pid);
  const open = async (onError: (err: Error) => void, poolSize = 4) => {
    const database = await openPostgres(dbUrl, { poolSize, onError });
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(url ?? '');
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  });
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
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
    await waitFor(
      () => errors.length,
      (n) => n > 0,
      'the error report',
    );
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
    const listener = await waitFor(
      () => backends(`and query = 'LISTEN store_check'`),
      (pids) => pids.length === 1,
      'the LISTEN connection',
    );
    await admin.query('select pg_terminate_backend($1)', [listener[0]]);
    // After the first retry (1 s), the listener reconnects and reports a possible change.
    await waitFor(
      () => heard.slice(),
      (h) => h.includes(''),
      'the reconnect',
    );
    expect(errors.some((e) => /terminating connection/.test(e.message))).toBe(true);
    const after = await backends(`and query = 'LISTEN store_check'`);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(listener[0]);
    await database.db.execute(sql`select pg_notify('store_check', 'aozora')`);
    await waitFor(
      () => heard.slice(),
      (h) => h.includes('aozora'),
      'the notification after the reconnect',
    );
    await database.close();
    expect(await backends()).toEqual([]);
  });
});
