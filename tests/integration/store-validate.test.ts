/**
 * `npm run store -- validate` and the hosts of other stores (issue 6, defect 11), run in-process
 * through runStoreCli (store-cli.test.ts proves the entry point as a child process). With a
 * database to ask (a running server's PGlite, through the server's admin door, or
 * DATABASE_URL) a host another store has makes the document invalid, as apply would refuse it;
 * without one the document is still validated and the tool says the hosts were not checked.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/base/config.ts';
import { type Database, openPostgres } from '#server/db/client.ts';
import { stores } from '#server/db/schema.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { runStoreCli } from '../../scripts/store/run.ts';
import { serveStoreDoor } from '../helpers/admin-door.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { openMigratedPglite } from '../helpers/test-db.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DATABASE_URL = loadConfig().DATABASE_URL;
const { DATABASE_URL: _dropped, ...inherited } = process.env;
const baseEnv = { ...inherited, SEED_DEMO_STORES: 'false', LOG_LEVEL: 'silent' };

type Run = { code: number; stdout: string; stderr: string };

async function cli(args: string[], env: Record<string, string>): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io = { out: (line: string) => (stdout += `${line}\n`), err: (line: string) => (stderr += `${line}\n`) };
  const code = await runStoreCli(args, io, { ...baseEnv, ...env });
  return { code, stdout, stderr };
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-validate-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
/** A store id and host nobody else uses (a shared PostgreSQL keeps other runs' stores). */
function uniqueStore() {
  const storeId = `val-${process.pid}-${Date.now().toString(36)}-${seq++}`;
  return { storeId, host: `${storeId}.localhost` };
}

function writeDoc(storeId: string, hosts: string[]): string {
  const file = join(tempDir(), `${storeId}.json`);
  writeFileSync(file, JSON.stringify(tenantDoc(storeId, { hosts }), null, 2));
  return file;
}

describe('validate without a database to ask', { timeout: 120_000 }, () => {
  it('validates the document and says the hosts were not checked, without creating a data folder', async () => {
    const dataDir = join(tempDir(), 'data');
    const { storeId, host } = uniqueStore();
    const run = await cli(['validate', writeDoc(storeId, [host])], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`valid: ${storeId}\n`);
    expect(run.stderr).toContain(
      "hosts and plans: not checked against the database (other stores' hosts, live subscriptions of dropped plans): no server running and DATABASE_URL is not set",
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('still reports an invalid document', async () => {
    const file = join(tempDir(), 'broken.json');
    writeFileSync(file, JSON.stringify({ ...tenantDoc('broken'), hosts: ['Not A Host'] }));
    const run = await cli(['validate', file], { DATA_DIR: join(tempDir(), 'data') });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('$.hosts[0]: a lower-case host name without port');
  });
});

type Backend = {
  name: string;
  setUp(): Promise<{ database: Database; env: Record<string, string>; via: string }>;
  /** Removes what the test stored (a shared PostgreSQL keeps it otherwise) and closes. */
  tearDown(storeIds: string[]): Promise<void>;
};

const backends: Backend[] = [];
{
  let database: Database | undefined;
  let door: Awaited<ReturnType<typeof serveStoreDoor>> | undefined;
  backends.push({
    name: "a running server's PGlite",
    async setUp() {
      database = await openMigratedPglite();
      const dataDir = tempDir();
      door = await serveStoreDoor(database, dataDir);
      return {
        database,
        env: { DATA_DIR: dataDir },
        via: `database: the running server's PGlite (pid ${process.pid}), asked over 127.0.0.1:${door.port}`,
      };
    },
    async tearDown() {
      await door?.close(0);
      await database?.close();
    },
  });
}
if (DATABASE_URL) {
  const url = DATABASE_URL;
  let database: Database | undefined;
  backends.push({
    name: 'PostgreSQL (DATABASE_URL)',
    async setUp() {
      database = await openPostgres(url, { poolSize: 1 });
      await database.migrate(join(ROOT, 'server', 'db', 'migrations'));
      return { database, env: { DATABASE_URL: url, DATA_DIR: tempDir() }, via: 'database: PostgreSQL at ' };
    },
    async tearDown(storeIds) {
      await database?.admin.delete(stores).where(inArray(stores.storeId, storeIds));
      await database?.close();
    },
  });
}

describe.each(backends)(
  'validate with $name',
  (backend) => {
    let database: Database;
    let env: Record<string, string>;
    let via: string;
    const owner = uniqueStore();
    beforeAll(async () => {
      ({ database, env, via } = await backend.setUp());
      const result = await applyStoreDocument(createStoreRepo(database.db), tenantDoc(owner.storeId, { hosts: [owner.host] }));
      if (!result.ok) throw new Error(JSON.stringify(result.issues));
    });
    afterAll(() => backend.tearDown([owner.storeId]));

    it('refuses a host that belongs to another store, as apply does', async () => {
      const other = uniqueStore();
      const run = await cli(['validate', writeDoc(other.storeId, [other.host, owner.host])], env);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(new RegExp(`^invalid: .*${other.storeId}\\.json\n`));
      expect(run.stdout).toContain(`$.hosts[1]: host ${owner.host} already belongs to store ${owner.storeId}`);
      expect(run.stderr).toContain(via);
      const apply = await cli(['apply', '--dry-run', writeDoc(other.storeId, [other.host, owner.host])], env);
      expect(apply.code).toBe(1);
      expect(apply.stdout).toContain(`$.hosts[1]: host ${owner.host} already belongs to store ${owner.storeId}`);
    });

    it('says valid for free hosts and for the owner’s own document, and checked them', async () => {
      const other = uniqueStore();
      const free = await cli(['validate', writeDoc(other.storeId, [other.host])], env);
      expect(free).toMatchObject({ code: 0, stdout: `valid: ${other.storeId}\n` });
      expect(free.stderr).toContain(via);
      expect(free.stderr).not.toContain('not checked');
      const own = await cli(['validate', writeDoc(owner.storeId, [owner.host, `www.${owner.host}`])], env);
      expect(own).toMatchObject({ code: 0, stdout: `valid: ${owner.storeId}\n` });
    });
  },
  120_000,
);
