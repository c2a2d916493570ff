// The moving parts of the "many processes" test (issue 21): production server processes (the
// built dist/, as `npm start` serves it), HAProxy in front of them and PgBouncer in front of
// PostgreSQL, each a child process on free loopback ports, and a keep-alive HTTP client.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT, SERVER_ENTRY } from '../../e2e/server-process.ts';

export { freePort, ROOT };

/** Why a program cannot be run (a line for the skipped test's output), or null when it can. */
export function missingProgram(name: string, versionArg = '-v'): string | null {
  const r = spawnSync(name, [versionArg], { stdio: 'ignore' });
  return r.error ? `${name} is not installed (Debian: apt-get install -y ${name})` : null;
}

export const missingBuild = () => (existsSync(SERVER_ENTRY) ? null : `no build at ${SERVER_ENTRY} (npm run build; npm test builds first)`);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

const agent = new Agent({ keepAlive: true, maxSockets: 128 });

/** GET http://127.0.0.1:<port><path> with this Host (kept-alive connections, as browsers do). */
export function get(port: number, host: string, path: string, headers: Record<string, string> = {}, timeoutMs = 15_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent, headers: { host, 'user-agent': 'Mozilla/5.0 scale-test', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

export function closeClient() {
  agent.destroy();
}

/** Every child this file started and that still runs: killed when the test file ends, whatever happened. */
const children = new Set<ChildProcess>();
export function killAll() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children.clear();
}
process.once('exit', killAll);

function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** One production server process (node dist/app/main.js) on a fixed port, restartable. */
export class ServerProcess {
  readonly name: string;
  readonly port: number;
  private readonly env: Record<string, string>;
  private child: ChildProcess | null = null;
  /** Every line the process wrote, across its restarts. */
  readonly lines: string[] = [];
  exits: Array<number | null> = [];

  constructor(name: string, port: number, env: Record<string, string>) {
    this.name = name;
    this.port = port;
    this.env = env;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    track(child);
    let rest = '';
    const onData = (d: Buffer) => {
      const text = rest + d.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      this.lines.push(...parts);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => this.exits.push(code));
    // A start takes seconds; on a machine running the whole suite it has taken a minute.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited ${child.exitCode}: ${this.lines.slice(-5).join('\n')}`);
      const ready = await get(this.port, 'localhost', '/readyz', {}, 2_000).catch(() => null);
      if (ready?.status === 200) return;
      await sleep(100);
    }
    throw new Error(`${this.name} not ready within 120 s: ${this.lines.slice(-5).join('\n')}`);
  }

  /** SIGTERM, as an orchestrator stops it; resolves with the exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }

  kill() {
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

/** A helper program (haproxy, pgbouncer) in the foreground, stopped with the test. */
export async function startProgram(cmd: string, args: string[], readyPort: number): Promise<{ stop(): Promise<void>; output: string[] }> {
  const output: string[] = [];
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited ${child.exitCode}: ${output.join('')}`);
    if (await portOpen(readyPort)) break;
    if (Date.now() > deadline) throw new Error(`${cmd} did not listen on ${readyPort}: ${output.join('')}`);
    await sleep(50);
  }
  return {
    output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.connect(port, '127.0.0.1');
  });
}

/**
 * HAProxy in front of the servers, as docs/operations.md ("Scale-out") and deploy/haproxy.cfg
 * configure it: health checks on /readyz every 500 ms here (a process that answers 503 is out after
 * one; a slow answer is waited for), a new connection refused by a stopped process tried on another.
 */
export async function startHaproxy(port: number, servers: number[]) {
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      // A busy process answers its checks late: only an answer (503) or a refused connection takes it out.
      '  timeout check 10s',
      '  retries 3',
      '  option redispatch',
      '  retry-on conn-failure',
      'frontend stores',
      `  bind 127.0.0.1:${port}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk',
      // HTTP/1.1 with a Host: Node's server answers 400 to a request without one.
      '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 1 rise 2',
      ...servers.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`),
      '',
    ].join('\n'),
  );
  return startProgram('haproxy', ['-f', cfg, '-db'], port);
}

/**
 * PgBouncer in transaction pooling mode in front of the PostgreSQL server at serverUrl (trusting
 * its loopback clients, as the test server does). PgBouncer refuses to run as root: it switches
 * to `nobody` then.
 */
export async function startPgbouncer(port: number, serverUrl: string) {
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  const url = new URL(serverUrl);
  const user = decodeURIComponent(url.username || 'postgres');
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${url.hostname} port=${url.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      '',
    ].join('\n'),
  );
  spawnSync('chmod', ['-R', 'a+rX', dir]);
  const asRoot = process.getuid?.() === 0;
  return startProgram('pgbouncer', [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], port);
}
