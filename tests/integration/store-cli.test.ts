/**
 * `npm run store` against real databases (no mocks): PGlite data folder always; PostgreSQL too
 * when DATABASE_URL is set; and the live path, where a running server holds PGlite and the tool
 * asks it over the admin door that admin.json names, with the token written there (decision 0029). The commands run in-process through
 * runStoreCli (a cold Node start per command cost seconds each); two runs of the real entry point
 * scripts/store.ts as a child process prove what only a process shows: exit codes, and stdout and
 * stderr kept apart.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/base/config.ts';
import { type Database, openPostgres } from '#server/db/client.ts';
import { stores } from '#server/db/schema.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { runStoreCli } from '../../scripts/store/run.ts';
import { serveStoreDoor } from '../helpers/admin-door.ts';
import { openMigratedPglite } from '../helpers/test-db.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DATABASE_URL = loadConfig().DATABASE_URL;

// The child gets this process's environment (PATH and so on) minus any DATABASE_URL; each
// backend adds its own.
const { DATABASE_URL: _dropped, ...inherited } = process.env;
// LC_ALL=C: the tool answers in English whatever this machine's locale
// (the language tests set their own).
const baseEnv = { ...inherited, SEED_DEMO_STORES: 'false', LOG_LEVEL: 'silent', LC_ALL: 'C' };

type Run = { code: number; stdout: string; stderr: string };

/** The tool in this process, with this file's environment like the child would get. */
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

/** `node scripts/store.ts` as a child process, as `npm run store` starts it. */
function spawnCli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((done) => {
    // Asynchronous on purpose: the live test's socket server answers from this event loop.
    execFile(process.execPath, ['scripts/store.ts', ...args], { cwd: ROOT, env: { ...baseEnv, ...env } }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      done({ code, stdout, stderr });
    });
  });
}

/** A minimal tenant document that config-schema accepts. */
function storeDoc(storeId: string, hosts: string[], accentColor = '#e50914') {
  return {
    $schema: '../config-schema/store-settings.schema.json',
    storeId,
    hosts,
    serviceName: `シネマ ${storeId}`,
    businessName: 'CLI Test Inc.',
    images: { logoPc: '/logo.png', logoSp: '/logo-sp.png', favicon: '/favicon.ico', appleTouchIcon: '/apple-touch-icon.png' },
    colors: { accentColor, secondaryAccentColor: '#222222', playerColor: '#ffffff' },
    footers: { copyright: '© 2026 CLI Test Inc.' },
    mail: { smtpDomain: 'cli-test.example.jp' },
    // A store that sells publishes its legal notice (without it apply warns; decision 0045).
    legal: {
      seller: { ja: 'CLI Test株式会社' },
      representative: { ja: '代表取締役 試験 太郎' },
      address: { ja: '東京都千代田区千代田1-1' },
      phone: '03-0000-0000',
    },
    plans: [{ planId: 'monthly', planType: 'subscription', planName: { ja: '月額プラン' }, price: 990 }],
  };
}

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-cli-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function writeDoc(dir: string, name: string, doc: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return file;
}

let seq = 0;
/** A store id and host nobody else uses, so runs against a shared PostgreSQL never collide. */
function uniqueStore() {
  const storeId = `cli-${process.pid}-${Date.now().toString(36)}-${seq++}`;
  return { storeId, host: `${storeId}.localhost` };
}

describe('store validate and usage (no database)', () => {
  const dir = tempDir();
  const tenantFiles = existsSync(join(ROOT, 'tenants')) ? readdirSync(join(ROOT, 'tenants')).filter((f) => f.endsWith('.json')) : [];

  it('says a good document is valid', async () => {
    const file = writeDoc(dir, 'good.json', storeDoc('good-store', ['good.localhost']));
    const run = await cli(['validate', file], {});
    expect(run).toMatchObject({ code: 0, stdout: 'valid: good-store\n' });
  });

  it.skipIf(tenantFiles.length === 0)('says every tenants/*.json is valid', async () => {
    for (const f of tenantFiles) {
      const run = await cli(['validate', join('tenants', f)], {});
      expect(run.stdout, f).toMatch(/^valid: [a-z0-9-]+\n$/);
      expect(run.code, f).toBe(0);
    }
  });

  it('lists each issue of a broken document as json path: reason and exits 1', async () => {
    const broken = {
      ...storeDoc('broken', ['Not A Host']),
      colors: { accentColor: 'red', secondaryAccentColor: '#222222', playerColor: '#ffffff' },
    };
    const run = await cli(['validate', writeDoc(dir, 'broken.json', broken)], {});
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('$.hosts[0]: a lower-case host name without port');
    expect(run.stdout).toContain('$.colors.accentColor: must be a colour like #1a2b3c');
  });

  it('reports a JSON syntax error and a missing file', async () => {
    const syntax = await cli(['validate', writeDoc(dir, 'syntax.json', '{"storeId": ')], {});
    expect(syntax.code).toBe(1);
    expect(syntax.stdout).toMatch(/^\$: invalid JSON/m);
    const missing = await cli(['validate', join(dir, 'nope.json')], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cannot read');
  });

  it('prints the usage for --help (exit 0) and without a command (exit 2)', async () => {
    const help = await cli(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('apply <file> [--dry-run]');
    // The real entry point: the process exits 2 and writes the usage to stderr only.
    const none = await spawnCli([], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: npm run store');
    expect(none.stdout).toBe('');
    const unknown = await cli(['frobnicate'], {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  });
});

describe('store output for scripts and people (no database)', () => {
  const dir = tempDir();

  it('answers validate --json with one JSON value, valid or not, and keeps the exit codes', async () => {
    const good = await cli(['validate', '--json', writeDoc(dir, 'good.json', storeDoc('good-store', ['good.localhost']))], {});
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ valid: true, storeId: 'good-store', issues: [] });

    const file = writeDoc(dir, 'broken.json', storeDoc('broken', ['Not A Host']));
    const bad = await cli(['validate', file, '--json'], {});
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toEqual({
      valid: false,
      file,
      issues: [{ path: '$.hosts[0]', message: 'a lower-case host name without port, e.g. shop.example.jp' }],
    });
  });

  it('speaks Japanese when the admin locale is Japanese (zod ja for its own messages), English otherwise', async () => {
    const file = writeDoc(dir, 'typed.json', { ...storeDoc('typed', ['typed.localhost']), serviceName: 5 });
    const ja = await cli(['validate', file], { LANG: 'ja_JP.UTF-8', LC_ALL: '', LC_MESSAGES: '' });
    expect(ja.code).toBe(1);
    expect(ja.stdout).toContain(`無効: ${file}`);
    expect(ja.stdout).toMatch(/^\$\.serviceName: 無効な入力: .*期待されました/m);
    const en = await cli(['validate', file], { LANG: 'en_US.UTF-8', LC_ALL: '', LC_MESSAGES: '' });
    expect(en.stdout).toContain(`invalid: ${file}`);
    expect(en.stdout).toMatch(/^\$\.serviceName: Invalid input: expected string/m);
    // LC_ALL wins over LANG, as POSIX has it.
    const overridden = await cli(['validate', file], { LANG: 'ja_JP.UTF-8', LC_ALL: 'C' });
    expect(overridden.stdout).toContain(`invalid: ${file}`);
    const good = await cli(['validate', writeDoc(dir, 'good-ja.json', storeDoc('good-ja', ['good-ja.localhost']))], {
      LC_ALL: 'ja_JP.UTF-8',
    });
    expect(good.stdout).toBe('有効: good-ja\n');
  });

  it('refuses --json and -o where they mean nothing (exit 2)', async () => {
    const json = await cli(['export', 'some-store', '--json'], {});
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--json goes with list, validate, apply');
    const output = await cli(['list', '-o', join(dir, 'list.txt')], {});
    expect(output.code).toBe(2);
    expect(output.stderr).toContain('-o only goes with export');
    expect(existsSync(join(dir, 'list.txt'))).toBe(false);
  });
});

type Backend = { name: string; env: () => Record<string, string>; via: RegExp; cleanup?: (storeIds: string[]) => Promise<void> };

const backends: Backend[] = [];
{
  const dataDir = join(tempDir(), 'data');
  backends.push({
    name: 'PGlite data folder',
    env: () => ({ DATA_DIR: dataDir }),
    via: /^database: PGlite data folder .* \(no server running\)$/m,
  });
}
if (DATABASE_URL) {
  const url = DATABASE_URL;
  backends.push({
    name: 'PostgreSQL (DATABASE_URL)',
    env: () => ({ DATABASE_URL: url, DATA_DIR: tempDir() }),
    via: /^database: PostgreSQL at /m,
    async cleanup(storeIds) {
      const database = await openPostgres(url, { poolSize: 1 });
      try {
        await database.admin.delete(stores).where(inArray(stores.storeId, storeIds));
      } finally {
        await database.close();
      }
    },
  });
}

describe.each(backends)(
  'store apply, export and list on $name',
  (backend) => {
    const dir = tempDir();
    const created: string[] = [];
    const run = (...args: string[]) => cli(args, backend.env());
    const fresh = () => {
      const s = uniqueStore();
      created.push(s.storeId);
      return s;
    };
    afterAll(async () => {
      if (backend.cleanup && created.length > 0) await backend.cleanup(created);
    });

    it('creates a store, then says no changes, then shows a changed colour with before and after', async () => {
      const { storeId, host } = fresh();
      const file = writeDoc(dir, `${storeId}.json`, storeDoc(storeId, [host]));

      const first = await run('apply', file);
      expect(first.code).toBe(0);
      expect(first.stderr).toMatch(backend.via);
      expect(first.stdout).toContain(`created store ${storeId} (revision 1)`);

      const again = await run('apply', file);
      expect(again).toMatchObject({ code: 0, stdout: `no changes: store ${storeId} (revision 1)\n` });

      const changed = writeDoc(dir, `${storeId}-blue.json`, storeDoc(storeId, [host], '#0055aa'));
      const dry = await run('apply', changed, '--dry-run');
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('$.colors.accentColor: "#e50914" -> "#0055aa"');
      expect(dry.stdout).toContain('nothing saved');

      const applied = await run('apply', changed);
      expect(applied.code).toBe(0);
      expect(applied.stdout).toBe(`updated store ${storeId} (revision 2): 1 change\n  $.colors.accentColor: "#e50914" -> "#0055aa"\n`);
    });

    it('refuses an invalid document with its issues and leaves the stored one unchanged', async () => {
      const { storeId, host } = fresh();
      expect((await run('apply', writeDoc(dir, `${storeId}.json`, storeDoc(storeId, [host])))).code).toBe(0);
      const before = await run('export', storeId);

      const invalid = {
        ...storeDoc(storeId, [host], '#00ff00'),
        plans: [{ planId: 'monthly', planType: 'subscription', planName: { ja: '月額' }, price: -1 }],
      };
      const refused = await run('apply', writeDoc(dir, `${storeId}-bad.json`, invalid));
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/^\$\.plans\[0\]\.price: /m);
      expect(refused.stdout).toContain('nothing changed');

      const after = await run('export', storeId);
      expect(after.code).toBe(0);
      expect(after.stdout).toBe(before.stdout);
      expect(JSON.parse(after.stdout).colors.accentColor).toBe('#e50914');
    });

    it('exports a document that applies back with no changes', async () => {
      const { storeId, host } = fresh();
      expect((await run('apply', writeDoc(dir, `${storeId}.json`, storeDoc(storeId, [host])))).code).toBe(0);

      const exported = await run('export', storeId);
      expect(exported.code).toBe(0);
      expect(exported.stdout.split('\n')[1]).toBe('  "$schema": "../config-schema/store-settings.schema.json",');
      expect(JSON.parse(exported.stdout)).toMatchObject({ storeId, hosts: [host], plans: [{ planId: 'monthly', price: 990 }] });

      const back = await run('apply', writeDoc(dir, `${storeId}-exported.json`, exported.stdout));
      expect(back).toMatchObject({ code: 0, stdout: `no changes: store ${storeId} (revision 1)\n` });

      const unknown = await run('export', `${storeId}-missing`);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(`no store with id "${storeId}-missing"`);
    });

    it('lists the store with its service name, hosts and revision', async () => {
      const { storeId, host } = fresh();
      expect((await run('apply', writeDoc(dir, `${storeId}.json`, storeDoc(storeId, [host, `www.${host}`])))).code).toBe(0);
      const list = await run('list');
      expect(list.code).toBe(0);
      expect(list.stdout.split('\n')[0]).toMatch(/^STORE ID +SERVICE NAME +HOSTS +REVISION +UPDATED AT$/);
      const row = list.stdout.split('\n').find((l) => l.startsWith(`${storeId} `));
      expect(row).toMatch(
        new RegExp(`^${storeId} +シネマ ${storeId} +${host}, www\\.${host} +1 +\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
      );
    });

    it('answers apply and list with --json, and export -o writes a file that applies back unchanged', async () => {
      const { storeId, host } = fresh();
      const created = await run('apply', writeDoc(dir, `${storeId}.json`, storeDoc(storeId, [host])), '--json');
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({ result: 'created', storeId, revision: 1, dryRun: false, hosts: [host] });

      const blue = writeDoc(dir, `${storeId}-blue.json`, storeDoc(storeId, [host], '#0055aa'));
      const dry = await run('apply', blue, '--dry-run', '--json');
      expect(JSON.parse(dry.stdout)).toMatchObject({
        result: 'updated',
        dryRun: true,
        changes: [{ path: '$.colors.accentColor', kind: 'changed', before: '#e50914', after: '#0055aa' }],
      });
      const invalid = { ...storeDoc(storeId, [host]), serviceName: 5 };
      const refused = await run('apply', writeDoc(dir, `${storeId}-bad.json`, invalid), '--json');
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toMatchObject({ result: 'refused', issues: [{ path: '$.serviceName' }] });

      const list = await run('list', '--json');
      expect(list.code).toBe(0);
      const rows = JSON.parse(list.stdout) as { storeId: string }[];
      expect(rows.find((r) => r.storeId === storeId)).toMatchObject({ serviceName: `シネマ ${storeId}`, hosts: [host], revision: 1 });

      const out = join(dir, `${storeId}-exported.json`);
      const exported = await run('export', storeId, '-o', out);
      expect(exported.code).toBe(0);
      expect(exported.stdout).toBe('');
      expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ storeId, hosts: [host] });
      expect(await run('apply', out)).toMatchObject({ code: 0, stdout: `no changes: store ${storeId} (revision 1)\n` });
    });

    it('keeps every revision: history with author and message, diff, export --revision, rollback as a new revision', async () => {
      const { storeId, host } = fresh();
      const red = writeDoc(dir, `${storeId}.json`, storeDoc(storeId, [host]));
      expect((await run('apply', red, '--author', 'hanako', '--message', 'first')).code).toBe(0);
      const blue = writeDoc(dir, `${storeId}-blue.json`, storeDoc(storeId, [host], '#0055aa'));
      expect((await run('apply', blue, '--message', 'blue')).code).toBe(0);

      const history = await run('history', storeId, '--json');
      expect(history.code).toBe(0);
      const revisions = JSON.parse(history.stdout) as { revision: number; author: string; message: string | null; appliedAt: string }[];
      expect(revisions.map((r) => [r.revision, r.message])).toEqual([
        [1, 'first'],
        [2, 'blue'],
      ]);
      expect(revisions[0]?.author).toBe('hanako');
      expect(revisions[1]?.author).toBe(userInfo().username);
      const table = await run('history', storeId);
      expect(table.stdout.split('\n')[0]).toMatch(/^REVISION +APPLIED AT +AUTHOR +MESSAGE$/);

      const diff = await run('diff', storeId);
      expect(diff).toMatchObject({
        code: 0,
        stdout: `store ${storeId} revision 1 -> 2: 1 change\n  $.colors.accentColor: "#e50914" -> "#0055aa"\n`,
      });
      const diffJson = JSON.parse((await run('diff', storeId, '2', '1', '--json')).stdout);
      expect(diffJson).toMatchObject({ from: 2, to: 1, changes: [{ path: '$.colors.accentColor', before: '#0055aa', after: '#e50914' }] });

      const first = await run('export', storeId, '--revision', '1');
      expect(JSON.parse(first.stdout).colors.accentColor).toBe('#e50914');
      expect((await run('export', storeId, '--revision', '9')).stderr).toContain(`has no revision 9`);

      const dry = await run('rollback', storeId, '1', '--dry-run');
      expect(dry.stdout).toContain('nothing saved');
      const back = await run('rollback', storeId, '1');
      expect(back.code).toBe(0);
      expect(back.stdout).toContain(`updated store ${storeId} (revision 3): 1 change`);
      expect(JSON.parse((await run('export', storeId)).stdout).colors.accentColor).toBe('#e50914');
      const after = JSON.parse((await run('history', storeId, '--json')).stdout) as { revision: number; message: string }[];
      expect(after.at(-1)).toMatchObject({ revision: 3, message: 'rollback to revision 1' });
      expect((await run('rollback', storeId, '7')).code).toBe(1);
    });

    it('refuses a host that already belongs to another store', async () => {
      const first = fresh();
      const second = fresh();
      expect((await run('apply', writeDoc(dir, `${first.storeId}.json`, storeDoc(first.storeId, [first.host])))).code).toBe(0);
      const clash = await run('apply', writeDoc(dir, `${second.storeId}.json`, storeDoc(second.storeId, [second.host, first.host])));
      expect(clash.code).toBe(1);
      expect(clash.stdout).toContain(`$.hosts[1]: host ${first.host} already belongs to store ${first.storeId}`);
      expect((await run('export', second.storeId)).code).toBe(1);
    });
  },
  120_000,
);

describe('store apply while a server holds PGlite', () => {
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

  it('asks the server, and the server sees each new revision', async () => {
    const { storeId, host } = uniqueStore();
    const dir = tempDir();
    const repo = createStoreRepo(database.db);

    // The real entry point again: exit 0, the result on stdout, the database line on stderr only.
    const created = await spawnCli(['apply', writeDoc(dir, 'a.json', storeDoc(storeId, [host]))], { DATA_DIR: dataDir });
    expect(created.code).toBe(0);
    expect(created.stdout).toBe(`created store ${storeId} (revision 1)\n  hosts: ${host}\n`);
    expect(created.stderr).toContain(`database: the running server's PGlite (pid ${process.pid}), asked over 127.0.0.1:${door.port}`);
    expect((await repo.get(storeId))?.revision).toBe(1);

    const changed = await cli(['apply', writeDoc(dir, 'b.json', storeDoc(storeId, [host], '#123456'))], { DATA_DIR: dataDir });
    expect(changed.stdout).toContain('$.colors.accentColor: "#e50914" -> "#123456"');
    const row = await repo.get(storeId);
    expect(row?.revision).toBe(2);
    expect(row?.settings.colors.accentColor).toBe('#123456');
    expect(await repo.storeIdForHost(host)).toBe(storeId);
    // Export, list and a refused document go through the server too.
    const exported = await cli(['export', storeId], { DATA_DIR: dataDir });
    expect(JSON.parse(exported.stdout)).toMatchObject({ storeId, colors: { accentColor: '#123456' } });
    expect((await cli(['list'], { DATA_DIR: dataDir })).stdout).toMatch(new RegExp(`^${storeId} .* 2 `, 'm'));
    const refused = await cli(['apply', writeDoc(dir, 'c.json', { ...storeDoc(storeId, [host]), colors: {} })], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('nothing changed');
    expect((await repo.get(storeId))?.revision).toBe(2);
    // History, diff, an old revision and a rollback (with its author) go through the server as well.
    const history = JSON.parse((await cli(['history', storeId, '--json'], { DATA_DIR: dataDir })).stdout) as { revision: number }[];
    expect(history.map((r) => r.revision)).toEqual([1, 2]);
    expect((await cli(['diff', storeId, '1', '2'], { DATA_DIR: dataDir })).stdout).toContain(
      '$.colors.accentColor: "#e50914" -> "#123456"',
    );
    expect(JSON.parse((await cli(['export', storeId, '--revision', '1'], { DATA_DIR: dataDir })).stdout).colors.accentColor).toBe(
      '#e50914',
    );
    const rolledBack = await cli(['rollback', storeId, '1', '--author', 'door-test'], { DATA_DIR: dataDir });
    expect(rolledBack.stdout).toContain(`updated store ${storeId} (revision 3)`);
    expect((await repo.history(storeId)).at(-1)).toMatchObject({ revision: 3, author: 'door-test', message: 'rollback to revision 1' });
    // The tool never opened the data folder itself.
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
  });

  it('gets nothing from the server without its token, and changes nothing', async () => {
    const { storeId, host } = uniqueStore();
    const file = writeDoc(tempDir(), 'x.json', storeDoc(storeId, [host]));
    const real = readFileSync(join(dataDir, 'admin.json'), 'utf8');
    try {
      // Another user's tool (or a guessed token) finds the door but not the token.
      const guessed = JSON.parse(real) as { http: { token: string } };
      writeFileSync(join(dataDir, 'admin.json'), JSON.stringify({ ...guessed, http: { ...guessed.http, token: 'x'.repeat(43) } }));
      const applied = await cli(['apply', file], { DATA_DIR: dataDir });
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain('answered 403');
      const listed = await cli(['list'], { DATA_DIR: dataDir });
      expect(listed).toMatchObject({ code: 1, stdout: '' });
      expect(await createStoreRepo(database.db).get(storeId)).toBeNull();
      // Straight at the door, every route: 403 and nothing else.
      for (const [method, path] of [
        ['GET', '/_admin/stores'],
        ['POST', '/_admin/stores/apply'],
        ['POST', `/_admin/stores/${storeId}/oidc-keys/rotate`],
        ['POST', '/_admin/billing/run'],
      ] as const) {
        const res = await fetch(`http://127.0.0.1:${door.port}${path}`, { method, headers: { authorization: 'Bearer nope' } });
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual({ error: 'not allowed' });
      }
    } finally {
      writeFileSync(join(dataDir, 'admin.json'), real);
      chmodSync(join(dataDir, 'admin.json'), 0o600);
    }
  });

  it('opens the data folder directly when admin.json names a process that has gone', async () => {
    const staleDir = tempDir();
    const gone = await new Promise<number>((done) => {
      const child = execFile(process.execPath, ['-e', '']);
      child.on('exit', () => done(child.pid ?? 0));
    });
    writeFileSync(join(staleDir, 'admin.json'), JSON.stringify({ pid: gone, http: { port: door.port, token: door.token } }));
    const list = await cli(['list'], { DATA_DIR: staleDir });
    expect(list.code).toBe(0);
    expect(list.stderr).toContain(`(stale admin.json: pid ${gone} is not running)`);
    expect(list.stdout).toContain('no stores yet');
  });
});
