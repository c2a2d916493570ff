/**
 * One load run: autocannon in its own process (never the server's), its JSON result condensed,
 * plus the CPU time the server process spent per request (from /proc, Linux only). CPU per
 * request hardly depends on what else the machine runs; requests per second does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const autocannonBin = join(dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

export type LoadOptions = {
  url: string;
  host?: string;
  /** Extra request headers (e.g. a cookie). */
  headers?: Record<string, string>;
  /** A fixed overall rate in requests per second (autocannon's --overallRate) instead of as fast as possible. */
  overallRate?: number;
  connections: number;
  duration: number;
  warmup: number;
  pipelining: number;
  /** The process that answers, for its CPU time. */
  serverPid: number;
};

export type LoadResult = {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  bytesPerRequest: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Server CPU (user + system) per request in ms; null where /proc is not available. */
  serverCpuMsPerRequest: number | null;
};

type AutocannonJson = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  throughput: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** User + system CPU time of a process so far, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

function autocannon(args: string[]): Promise<AutocannonJson> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [autocannonBin, '--json', '--no-progress', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d;
    });
    child.once('error', fail);
    child.once('exit', (code) => {
      if (code !== 0) fail(new Error(`autocannon exited with ${code}: ${err}`));
      else done(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as AutocannonJson);
    });
  });
}

/** A warm-up run (discarded), then the measured run with the server's CPU time around it. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const common = ['-c', String(opts.connections), '-p', String(opts.pipelining)];
  if (opts.host) common.push('-H', `host=${opts.host}`);
  for (const [k, v] of Object.entries(opts.headers ?? {})) common.push('-H', `${k}=${v}`);
  if (opts.overallRate) common.push('-R', String(Math.max(1, Math.round(opts.overallRate))));
  if (opts.warmup > 0) await autocannon([...common, '-d', String(opts.warmup), opts.url]);
  const cpuBefore = cpuMs(opts.serverPid);
  const r = await autocannon([...common, '-d', String(opts.duration), opts.url]);
  const cpuAfter = cpuMs(opts.serverPid);
  return {
    requestsPerSecond: r.requests.average,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.average },
    requests: r.requests.total,
    bytesPerRequest: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && r.requests.total > 0
        ? Math.round(((cpuAfter - cpuBefore) / r.requests.total) * 1000) / 1000
        : null,
  };
}
