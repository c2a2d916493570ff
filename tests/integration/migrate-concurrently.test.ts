import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '#server/app/boot.ts';
import { loadConfig } from '#server/base/config.ts';
import { openPglite } from '#server/db/client.ts';
import { journalEntries, pendingMigrations } from '#server/db/migration-state.ts';
import { migrationsFolder, openDatabase } from '#server/db/open.ts';
import { runMigrate } from '../../scripts/migrate/run.ts';
import { POSTGRES_SERVER, postgresUnreachable } from '../helpers/postgres-server.ts';
import { createEmptyPostgresDatabase } from '../helpers/test-db.ts';

// Issue 21, point 1: processes started together on a fresh database each migrate; without a lock
// two of three failed (`CREATE TABLE "plan_sales"` already exists). Decision 0032.

const ROOT = process.cwd();
const FOLDER = migrationsFolder(ROOT);
const run = promisify(execFile);
const unreachable = await postgresUnreachable();
if (unreachable) console.warn(`migrate-concurrently: PostgreSQL tests skipped: ${unreachable}`);

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, ROOT);

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(unreachable)('three processes migrating one fresh PostgreSQL database at once', () => {
  let scratch: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  beforeAll(async () => {
    scratch = await createEmptyPostgresDatabase(POSTGRES_SERVER);
  });
  afterAll(() => scratch?.drop());

  it('all three start, each migration is applied once, and the schema is complete', async () => {
    const starts = await Promise.allSettled(
      [1, 2, 3].map(() => openDatabase(config({ DATABASE_URL: scratch.url, DATABASE_OWNER_URL: scratch.url }))),
    );
    const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    for (const s of starts) if (s.status === 'fulfilled') await s.value.close();
    expect(failures).toEqual([]);
    const applied = await query<{ n: number }>(scratch.url, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied[0]?.n).toBe(journalEntries(FOLDER).length);
    const tables = await query<{ name: string }>(scratch.url, "select tablename as name from pg_tables where schemaname = 'public'");
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['plan_sales', 'accounts', 'contracts', 'sessions']));
    const database = await openDatabase(config({ DATABASE_URL: scratch.url, MIGRATE_ON_START: 'false' }));
    expect(pendingMigrations(FOLDER, await database.lastAppliedMigration())).toEqual([]);
    await database.close();
  }, 60_000);

  it('`npm run migrate` run three times at once: each process exits 0, and a fourth finds nothing to apply', async () => {
    const other = await createEmptyPostgresDatabase(POSTGRES_SERVER);
    try {
      const env = { ...process.env, DATABASE_URL: other.url, DATABASE_OWNER_URL: other.url, LOG_LEVEL: 'silent' };
      const runs = await Promise.allSettled([1, 2, 3].map(() => run(process.execPath, ['scripts/migrate.ts'], { env, cwd: ROOT })));
      expect(runs.map((r) => (r.status === 'fulfilled' ? 'ok' : String(r.reason)))).toEqual(['ok', 'ok', 'ok']);
      const lines: string[] = [];
      const code = await runMigrate({ out: (l) => lines.push(l), err: (l) => lines.push(l) }, env, ROOT);
      expect(code).toBe(0);
      expect(lines).toEqual([expect.stringMatching(/: nothing to apply; schema up to date \(\d{4}_\w+\)$/)]);
    } finally {
      await other.drop();
    }
  }, 60_000);
});

describe('the embedded database: MIGRATE_ON_START=false and npm run migrate', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'migrate-off-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a database whose schema is behind, naming the missing migrations, and changes nothing', async () => {
    const dataDir = join(dir, 'empty');
    const off = config({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false' });
    await expect(openDatabase(off)).rejects.toThrow(
      /schema is behind this version \(\d+ migration\(s\) not applied: 0000_init, .*npm run migrate/,
    );
    // Nothing was migrated: the folder still holds no migration.
    const database = await openPglite(dataDir);
    expect(await database.lastAppliedMigration()).toBeNull();
    await database.close();
  }, 60_000);

  it('starts without migrating once `npm run migrate` has run, and names a migration added later', async () => {
    const dataDir = join(dir, 'migrated');
    // This version less its newest migration: a database an older release migrated.
    const older = join(dir, 'older');
    cpSync(join(ROOT, 'server', 'db', 'migrations'), join(older, 'server', 'db', 'migrations'), { recursive: true });
    const journal = JSON.parse(readFileSync(join(FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const newest = journal.entries.at(-1)?.tag;
    journal.entries = journal.entries.slice(0, -1);
    writeFileSync(join(older, 'server', 'db', 'migrations', 'meta', '_journal.json'), JSON.stringify(journal));
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await runMigrate(io, { DATA_DIR: dataDir }, older)).toBe(0);
    expect(lines.at(-1)).toMatch(/applied 0000_init, .*; schema up to date/);

    await expect(openDatabase(config({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false' }))).rejects.toThrow(
      new RegExp(`\\(1 migration\\(s\\) not applied: ${newest}\\)`),
    );
    expect(await runMigrate(io, { DATA_DIR: dataDir }, ROOT)).toBe(0);
    expect(lines.at(-1)).toMatch(new RegExp(`applied ${newest}; schema up to date \\(${newest}\\)`));
    const database = await openDatabase(config({ DATA_DIR: dataDir, MIGRATE_ON_START: 'false' }));
    expect(pendingMigrations(FOLDER, await database.lastAppliedMigration())).toEqual([]);
    await database.close();
  }, 120_000);

  it('`npm run migrate` refuses a data folder a running server holds (it migrated at its start)', async () => {
    const dataDir = join(dir, 'held');
    const server = await boot({
      config: config({
        DATA_DIR: dataDir,
        PORT: '0',
        PAYMENT_SANDBOX: 'false',
        PAYMENT_PROVIDER_URL: 'http://127.0.0.1:9',
        PAYMENT_PROVIDER_PUBLIC_URL: 'http://127.0.0.1:9',
        PAYMENT_SANDBOX_SECRET: 'unused-secret-0123456789abcdef0123',
        ID_SANDBOX: 'false',
        SEED_DEMO_STORES: 'false',
      }),
      renderPage: async () => ({ statusCode: 200, headers: [], body: '' }),
    });
    try {
      const lines: string[] = [];
      const code = await runMigrate({ out: (l) => lines.push(l), err: (l) => lines.push(l) }, { DATA_DIR: dataDir }, ROOT);
      expect(code).toBe(1);
      expect(lines).toEqual([`error: DATA_DIR ${dataDir} is in use by a running server (pid ${process.pid}), which migrated at its start`]);
    } finally {
      await server.shutdown('test');
    }
  }, 60_000);
});
