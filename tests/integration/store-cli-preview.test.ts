/**
 * `npm run store -- preview <file>` (issue 23 point 4, decision 0050) in-process, as the store
 * tool's suite runs it (store-cli.test.ts): through a running server's admin door, and on
 * PostgreSQL when DATABASE_URL is set. It checks the draft as apply does
 * (refused with apply's very lines), keeps it as a preview and prints its private address, and
 * leaves the live store as it was. What the address serves is tests/integration/store-preview.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/base/config.ts';
import { type Database, openPostgres } from '#server/db/client.ts';
import { storePreviews, stores } from '#server/db/schema.ts';
import { acrossStores } from '#server/db/scope.ts';
import { runStoreCli } from '../../scripts/store/run.ts';
import { serveStoreDoor } from '../helpers/admin-door.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { openMigratedPglite } from '../helpers/test-db.ts';

const DATABASE_URL = loadConfig().DATABASE_URL;
const { DATABASE_URL: _dropped, ...inherited } = process.env;
const baseEnv = { ...inherited, SEED_DEMO_STORES: 'false', LOG_LEVEL: 'silent', LC_ALL: 'C', PORT: '3000' };

type Run = { code: number; stdout: string; stderr: string };
async function cli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runStoreCli(
    args,
    { out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`) },
    { ...baseEnv, ...env },
  );
  return { code, stdout, stderr };
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-preview-cli-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
function writeDoc(dir: string, name: string, doc: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}
let seq = 0;
function uniqueStore() {
  const storeId = `pv-${process.pid}-${Date.now().toString(36)}-${seq++}`;
  return { storeId, host: `${storeId}.localhost` };
}
/** The door's server was built without a port (a preview address then has none); the tool on PostgreSQL has PORT 3000. */
const ADDRESS = (host: string) => new RegExp(`^http://${host.replaceAll('.', '\\.')}(:3000)?/__preview/[A-Za-z0-9_-]{43}$`);

describe('store preview usage', () => {
  it('takes one file, --ttl as minutes, hours or days up to 7d, --json and --author; --ttl goes with preview only', async () => {
    expect((await cli(['preview'], {})).code).toBe(2);
    for (const ttl of ['5', '5x', '0m', '8d', '1w']) {
      const run = await cli(['preview', 'draft.json', '--ttl', ttl], {});
      expect(run.code, ttl).toBe(2);
      expect(run.stderr, ttl).toContain('--ttl needs a time like 30m, 2h or 1d');
    }
    expect((await cli(['apply', 'draft.json', '--ttl', '5m'], {})).stderr).toContain('--ttl only goes with preview');
    expect((await cli(['preview', 'draft.json', '--message', 'x'], {})).code).toBe(2);
    expect((await cli(['--help'], {})).stdout).toContain('preview <file> [--ttl <time>]');
  });
});

/**
 * Where the tool's work runs: a running embedded server's admin door (the embedded mode; a data
 * folder no server holds is the same code as PostgreSQL, in this process, and slow to open per
 * command), and PostgreSQL directly when DATABASE_URL is set.
 */
type Backend = { name: string; start(): Promise<{ env: Record<string, string>; stop(storeIds: string[]): Promise<void> }> };
const backends: Backend[] = [
  {
    name: "a running server's PGlite (admin door)",
    async start() {
      const database = await openMigratedPglite();
      const dataDir = tempDir();
      const door = await serveStoreDoor(database, dataDir);
      return {
        env: { DATA_DIR: dataDir },
        async stop() {
          await door.close(0);
          await database.close();
        },
      };
    },
  },
];
if (DATABASE_URL) {
  const url = DATABASE_URL;
  backends.push({
    name: 'PostgreSQL (DATABASE_URL)',
    async start() {
      return {
        env: { DATABASE_URL: url, DATA_DIR: tempDir() },
        async stop(storeIds) {
          const database = await openPostgres(url, { poolSize: 1 });
          try {
            await database.admin.delete(storePreviews).where(inArray(storePreviews.storeId, storeIds));
            await database.admin.delete(stores).where(inArray(stores.storeId, storeIds));
          } finally {
            await database.close();
          }
        },
      };
    },
  });
}

describe.each(backends)(
  'store preview on $name',
  (backend) => {
    const dir = tempDir();
    const created: string[] = [];
    let started: Awaited<ReturnType<Backend['start']>>;
    beforeAll(async () => {
      started = await backend.start();
    });
    afterAll(() => started?.stop(created));
    const run = (...args: string[]) => cli(args, started.env);

    it('prints the private address of a draft and leaves the live store as it was', async () => {
      const { storeId, host } = uniqueStore();
      created.push(storeId);
      const live = tenantDoc(storeId, { hosts: [host] });
      expect((await run('apply', writeDoc(dir, `${storeId}.json`, live))).code).toBe(0);
      const draft = writeDoc(dir, `${storeId}-draft.json`, {
        ...live,
        serviceName: 'ドラフト',
        colors: { ...live.colors, accentColor: '#00aa55' },
      });

      const text = await run('preview', draft);
      expect(text.code, text.stderr).toBe(0);
      const [first, ends, limits] = text.stdout.trimEnd().split('\n');
      expect(first).toMatch(new RegExp(`^preview of store ${storeId}: (.*)$`));
      expect(first?.split(': ')[1]).toMatch(ADDRESS(host));
      expect(ends).toMatch(/^ {2}open until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ; only this address opens it/);
      expect(limits).toContain('browsing only');

      const before = Date.now();
      const json = await run('preview', draft, '--ttl', '2h', '--json');
      expect(json.code).toBe(0);
      const answer = JSON.parse(json.stdout) as { result: string; storeId: string; address: string; expiresAt: string; hosts: string[] };
      expect(answer).toMatchObject({ result: 'preview', storeId, hosts: [host], issues: [] });
      expect(answer.address).toMatch(ADDRESS(host));
      expect(answer.address).not.toBe(first?.split(': ')[1]);
      const ttl = Date.parse(answer.expiresAt) - before;
      expect(ttl).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(2 * 3600_000 + 60_000);

      // The live store: its document and revision untouched.
      const exported = JSON.parse((await run('export', storeId)).stdout);
      expect(exported).toMatchObject({ serviceName: live.serviceName, colors: live.colors });
      expect((await run('history', storeId, '--json')).stdout).toMatch(/"revision": 1\b/);
      expect(JSON.parse((await run('history', storeId, '--json')).stdout)).toHaveLength(1);
    });

    it("refuses a draft with apply's own lines: an invalid document, a host of another store", async () => {
      const a = uniqueStore();
      const b = uniqueStore();
      created.push(a.storeId, b.storeId);
      expect((await run('apply', writeDoc(dir, `${a.storeId}.json`, tenantDoc(a.storeId, { hosts: [a.host] })))).code).toBe(0);
      for (const [name, doc] of [
        ['taken', tenantDoc(b.storeId, { hosts: [b.host, a.host] })],
        ['broken', { ...tenantDoc(b.storeId, { hosts: [b.host] }), colors: { accentColor: 'red' } }],
      ] as const) {
        const file = writeDoc(dir, `${b.storeId}-${name}.json`, doc);
        const previewed = await run('preview', file);
        expect(previewed.code, name).toBe(1);
        const applied = await run('apply', file);
        expect(previewed.stdout, name).toBe(applied.stdout);
        const json = JSON.parse((await run('preview', file, '--json')).stdout);
        expect(json).toMatchObject({ result: 'refused', file, issues: JSON.parse((await run('apply', file, '--json')).stdout).issues });
      }
      expect((await run('preview', join(dir, 'missing.json'))).code).toBe(1);
      expect((await run('export', b.storeId)).code).toBe(1);
    });
  },
  120_000,
);

describe('store preview while a server holds PGlite', () => {
  let database: Database;
  let door: Awaited<ReturnType<typeof serveStoreDoor>>;
  const dataDir = tempDir();
  beforeAll(async () => {
    database = await openMigratedPglite();
    door = await serveStoreDoor(database, dataDir);
  });
  afterAll(async () => {
    await door?.close(0);
    await database?.close();
  });

  it('asks the server, which keeps the draft (its token hashed) and not the live store', async () => {
    const { storeId, host } = uniqueStore();
    const dir = tempDir();
    const live = tenantDoc(storeId, { hosts: [host] });
    expect((await cli(['apply', writeDoc(dir, 'live.json', live)], { DATA_DIR: dataDir })).code).toBe(0);
    const run = await cli(['preview', writeDoc(dir, 'draft.json', { ...live, serviceName: 'ドラフト' }), '--author', 'door-test'], {
      DATA_DIR: dataDir,
      LANG: 'ja_JP.UTF-8',
      LC_ALL: '',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^database: the running server's PGlite/m);
    expect(run.stdout).toMatch(new RegExp(`^ストア ${storeId} のプレビュー: http://${host}(:\\d+)?/__preview/`));
    const token = /__preview\/([A-Za-z0-9_-]{43})/.exec(run.stdout)?.[1] ?? '';
    const rows = await acrossStores(
      () => database.db.select().from(storePreviews).where(eq(storePreviews.storeId, storeId)),
      'store_admin',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ author: 'door-test', document: { serviceName: 'ドラフト' } });
    expect(rows[0]?.tokenHash).not.toContain(token);
    const stored = await database.db.select().from(stores).where(eq(stores.storeId, storeId));
    expect(stored[0]).toMatchObject({ revision: 1, settings: { serviceName: live.serviceName } });
  });
});
