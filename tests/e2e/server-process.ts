/**
 * The built production server (`node dist/app/main.js`) as a child process on a fresh PGlite
 * folder: started by the end-to-end global setup and by the benchmark. Plain Node (no test
 * runner imports), so `node tests/bench/run.ts` can load it too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isProcessAlive } from '#server/db/admin-file.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = join(ROOT, 'dist/app/main.js');

export type ServerOptions = {
  /** Where the server's stdout and stderr go (the structured log and the store list). */
  logFile: string;
  port?: number;
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Extra environment (the benchmark's PostgreSQL mode passes DATABASE_URL here). */
  env?: Record<string, string>;
  /** Extra Node options before the entry (the benchmark's heap reports). */
  nodeArgs?: string[];
  /** How long to wait for /healthz (default 60 s; a loaded machine needs longer for PGlite). */
  startTimeoutMs?: number;
};

/** The sandbox payment provider's secret in these runs, so a test can act as the store's server towards it. */
export const E2E_PAYMENT_SECRET = 'e2e-payment-sandbox-secret-0123456789abcdef';

export type RunningServer = {
  child: ChildProcess;
  pid: number;
  port: number;
  /** The sandbox payment provider's port (its own origin: http://127.0.0.1:<paymentPort>). */
  paymentPort: number;
  dataDir: string;
  logFile: string;
};

/** A port nothing listens on right now (the kernel's pick, released before the server takes it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** The last lines of a log file, for error messages. */
export function logTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts dist/app/main.js on PGlite in a new temporary DATA_DIR (demo stores seeded) and waits
 * until /healthz answers. The first start on a fresh PGlite folder takes about 10 s.
 */
export async function startBuiltServer(opts: ServerOptions): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  }
  const port = opts.port ?? (await freePort());
  const paymentPort = Number(opts.env?.PAYMENT_SANDBOX_PORT ?? (await freePort()));
  const dataDir = mkdtempSync(join(tmpdir(), 'store-server-data-'));
  // PGlite unless opts.env names a database: a DATABASE_URL from the shell must not point these
  // runs at a shared database.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const log = openSync(opts.logFile, 'w');
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: opts.logLevel ?? 'warn',
      SEED_DEMO_STORES: 'true',
      SHUTDOWN_TIMEOUT_MS: '5000',
      // Every browser of the suites is one client (127.0.0.1): lift the per-client mail cap, which
      // the integration suite tests (send-limits.test.ts).
      MAIL_REQUESTS_PER_CLIENT_HOUR: '100000',
      PAYMENT_SANDBOX_PORT: String(paymentPort),
      PAYMENT_SANDBOX_SECRET: E2E_PAYMENT_SECRET,
      // The local identity providers on free ports (the store learns them from the listeners).
      ID_SANDBOX_PORT: '0',
      ...opts.env,
    },
    stdio: ['ignore', log, log],
  });
  // The log says how the process ended, whoever ended it.
  child.once('exit', (code, signal) => appendFileSync(opts.logFile, `[harness] server exited: code ${code}, signal ${signal}\n`));
  const server: RunningServer = { child, pid: child.pid ?? 0, port, paymentPort, dataDir, logFile: opts.logFile };
  await waitForHealth(server, opts.startTimeoutMs ?? 60_000);
  return server;
}

async function waitForHealth(server: RunningServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the server exited (${server.child.exitCode ?? server.child.signalCode}) before /healthz answered:\n${logTail(server.logFile)}`,
      );
    }
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.child.kill('SIGKILL');
  throw new Error(`/healthz did not answer within ${timeoutMs / 1000} s:\n${logTail(server.logFile)}`);
}

/**
 * SIGTERM, then waits for the process to be gone. Resolves with the exit code when the child
 * handle is ours (null when only the pid is known); rejects, after a SIGKILL, when it lingers.
 */
export async function stopProcess(target: ChildProcess | number, timeoutMs = 15_000): Promise<number | null> {
  if (typeof target !== 'number') {
    if (target.exitCode !== null || target.signalCode !== null) return target.exitCode;
    const exited = new Promise<number | null>((done) => target.once('exit', (code) => done(code)));
    target.kill('SIGTERM');
    const late = Symbol('late');
    const code = await Promise.race([exited, new Promise<typeof late>((r) => setTimeout(r, timeoutMs, late).unref())]);
    if (code !== late) return code;
    target.kill('SIGKILL');
    throw new Error(`process ${target.pid} did not exit within ${timeoutMs / 1000} s of SIGTERM (killed)`);
  }
  if (!isProcessAlive(target)) return null;
  process.kill(target, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(target) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (!isProcessAlive(target)) return null;
  process.kill(target, 'SIGKILL');
  throw new Error(`process ${target} did not exit within ${timeoutMs / 1000} s of SIGTERM (killed)`);
}

/** `location` is the redirect target as sent (relative or absolute), when there is one. */
export type HostResponse = { status: number; contentType: string; location?: string; body: Buffer };

/**
 * GET http://127.0.0.1:<port><path> as if addressed to `host`. Node does not resolve *.localhost
 * the way Chromium does, so tests and the benchmark name the store through the Host header.
 */
export function getAsHost(port: number, host: string, path = '/'): Promise<HostResponse> {
  return new Promise((done, fail) => {
    get({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          ...(res.headers.location === undefined ? {} : { location: res.headers.location }),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', fail);
  });
}
