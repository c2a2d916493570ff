import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '#server/app/boot.ts';
import { ConfigError, loadConfig } from '#server/base/config.ts';

// Issue 21, point 9: a busy port printed a raw stack and left a stale admin.json. Now one line
// that names the setting, and whatever the start had begun is undone.

const run = promisify(execFile);
const page = async () => ({ statusCode: 200, headers: [] as Array<[string, string]>, body: '' });
let busy: Server;
let busyPort: number;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rough-start-'));
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const configFor = (dataDir: string, env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    PAYMENT_SANDBOX_PORT: '0',
    ID_SANDBOX_PORT: '0',
    DATA_DIR: dataDir,
    ...env,
  });

describe('a start on a busy port', () => {
  for (const variable of ['PORT', 'PAYMENT_SANDBOX_PORT', 'ID_SANDBOX_PORT']) {
    it(`${variable}: one line naming it, no admin.json left, and the folder starts at once on a free port`, async () => {
      const dataDir = join(dir, variable);
      const failed = await boot({ config: configFor(dataDir, { [variable]: String(busyPort) }), renderPage: page }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failed).toBeInstanceOf(ConfigError);
      const message = (failed as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toMatch(new RegExp(`port ${busyPort} on 127\\.0\\.0\\.1 is in use \\(${variable}\\)`, 'i'));
      expect(existsSync(join(dataDir, 'admin.json'))).toBe(false);
      // Nothing of the failed start holds the folder or a port: the next start succeeds.
      const server = await boot({ config: configFor(dataDir, {}), renderPage: page });
      expect(existsSync(join(dataDir, 'admin.json'))).toBe(true);
      await server.shutdown('test');
    }, 60_000);
  }
});

const BUILT = join(process.cwd(), 'dist', 'app', 'main.js');
if (!existsSync(BUILT)) console.warn('rough-start: the built server test skipped: no dist/app/main.js (npm run build)');

describe.skipIf(!existsSync(BUILT))('the built server on a busy port', () => {
  it('prints one line on stderr, exits 1 and leaves no admin.json', async () => {
    const dataDir = join(dir, 'built');
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(busyPort),
      PAYMENT_SANDBOX_PORT: '0',
      ID_SANDBOX_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    delete env.DATABASE_URL;
    const result = await run(process.execPath, [BUILT], { env, cwd: process.cwd() }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Port ${busyPort} on 127.0.0.1 is in use (PORT): stop the process that holds it, or choose another PORT\n`);
    expect(existsSync(join(dataDir, 'admin.json'))).toBe(false);
  }, 60_000);
});
