import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 21, point 2: `npm ci --omit=dev` stopped at `patch-package: not found`, and with
// --ignore-scripts the server ran without the Vike patch, silently. Slow (a clean clone and a
// production install from the registry or npm's cache): only with PRODUCTION_INSTALL_TEST=1, after
// `npm run build`. It installs the committed HEAD of this repository and serves this tree's build.

const ROOT = process.cwd();
const run = promisify(execFile);
const enabled = process.env.PRODUCTION_INSTALL_TEST === '1';
if (!enabled) console.warn('production-install: skipped (PRODUCTION_INSTALL_TEST=1 runs it, after npm run build)');

let dir: string;
let clone: string;

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

function get(port: number, path: string, host: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** Serves `cwd`'s build on fixed ports with a fresh data folder; answers /login of a demo store, then stops. */
async function loginPage(cwd: string): Promise<Buffer> {
  const ports = { PORT: await freePort(), PAYMENT_SANDBOX_PORT: await freePort() };
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(ports.PORT),
    PAYMENT_SANDBOX_PORT: String(ports.PAYMENT_SANDBOX_PORT),
    // Both servers' pages name the same provider origin and identity provider ports.
    PAYMENT_PROVIDER_PUBLIC_URL: 'http://127.0.0.1:39001',
    ID_SANDBOX: 'false',
    DATA_DIR: mkdtempSync(join(dir, 'data-')),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['dist/app/main.js'], { cwd, env, stdio: 'ignore' });
  try {
    for (let i = 0; ; i++) {
      const up = await get(ports.PORT, '/healthz', 'x').then(
        () => true,
        () => false,
      );
      if (up) break;
      if (i > 600 || child.exitCode !== null) throw new Error(`the server in ${cwd} did not start (exit ${child.exitCode})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const page = await get(ports.PORT, '/login', 'kurenai.localhost');
    expect(page.status).toBe(200);
    return page.body;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

/** The page with what is new per response (the nonces, the request id) replaced by the same words (the same lengths). */
const withoutNonces = (page: Buffer) =>
  page
    .toString('utf8')
    .replace(/nonce="[^"]+"/g, 'nonce="N"')
    .replace(/"requestId":"[0-9a-f-]{36}"/g, '"requestId":"R"');

describe.runIf(enabled)('a production install (npm ci --omit=dev) of a clean clone', () => {
  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist', 'app', 'main.js'))) throw new Error('no build: run npm run build first');
    dir = mkdtempSync(join(tmpdir(), 'production-install-'));
    clone = join(dir, 'clone');
    await run('git', ['clone', '--quiet', ROOT, clone]);
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: clone, maxBuffer: 64 * 1024 * 1024 });
    cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
  }, 900_000);
  afterAll(() => (dir ? rmSync(dir, { recursive: true, force: true }) : undefined));

  it('has no dev dependency installed, and Vike patched', () => {
    expect(existsSync(join(clone, 'node_modules', 'vitest'))).toBe(false);
    expect(existsSync(join(clone, 'node_modules', '@biomejs'))).toBe(false);
    expect(readFileSync(join(clone, 'node_modules/vike/dist/server/runtime/renderPageServer.js'), 'utf8')).toContain(
      'Patched (store-platform)',
    );
  });

  it('serves /login byte for byte as the tested build does, apart from the nonces', async () => {
    const tested = await loginPage(ROOT);
    const installed = await loginPage(clone);
    expect(installed.length).toBe(tested.length);
    expect(withoutNonces(installed)).toBe(withoutNonces(tested));
  }, 120_000);

  it('refuses to start, in one line, when the patch is not applied (an install with --ignore-scripts)', async () => {
    const file = join(clone, 'node_modules/vike/dist/server/runtime/renderPageServer.js');
    const patched = readFileSync(file, 'utf8');
    writeFileSync(file, patched.replaceAll('Patched (store-platform)', 'Unpatched'));
    try {
      const env: Record<string, string | undefined> = { ...process.env, PORT: '0', DATA_DIR: join(dir, 'unpatched'), LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const result = await run(process.execPath, ['dist/app/main.js'], { cwd: clone, env }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => err,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'The patches in patches/ are not applied to node_modules/vike/dist/server/runtime/renderPageServer.js: install with scripts enabled (npm ci --omit=dev runs patch-package), or run npx patch-package\n',
      );
    } finally {
      writeFileSync(file, patched);
    }
  }, 60_000);
});
