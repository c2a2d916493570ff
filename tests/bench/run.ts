/**
 * `npm run bench`: a measurement, never a test. Builds for production, starts the built server on
 * a fresh PGlite folder and a bare Hono server serving the same plan-page bytes, loads each with
 * autocannon from a separate process, measures the JavaScript the home page loads, and writes
 * bench/results/latest.json. docs/benchmarks.md explains the method and how to read the figures.
 *
 *   npm run bench -- [--duration 10] [--connections 10] [--warmup 3] [--pipelining 1] [--rounds 1] [--skip-build]
 *
 * With --rounds N each target runs N times, interleaved (a b c a b c ...), and the round with the
 * median requests per second is reported: steadier figures on a machine that is not quiet.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getAsHost, logTail, ROOT, type RunningServer, startBuiltServer, stopProcess } from '../e2e/server-process.ts';
import { pageJavaScript } from './js-size.ts';
import { type LoadResult, runLoad } from './load.ts';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    pipelining: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '1' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const settings = {
  duration: Number(flags.duration),
  connections: Number(flags.connections),
  warmup: Number(flags.warmup),
  pipelining: Number(flags.pipelining),
  rounds: Number(flags.rounds),
};
const HOST = 'aozora.localhost';

function build(): void {
  if (flags['skip-build']) return;
  process.stdout.write('building (npm run build)...\n');
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error('npm run build failed');
}

/** Starts tests/bench/bare-server.ts and resolves with its port once it listens. */
function startBare(bodyFile: string, contentType: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(ROOT, 'tests/bench/bare-server.ts'), bodyFile, contentType], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`bare server exited with ${code}`)));
    child.stdout?.on('data', (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString());
      if (m) done({ child, port: Number(m[1]) });
    });
  });
}

/** The run with the median requests per second (the lower middle one for an even count). */
function median(rs: LoadResult[]): LoadResult {
  const sorted = [...rs].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** How many times the bare server's CPU per request a target costs. */
function cpuFactor(r: LoadResult, bare: LoadResult): number | null {
  if (r.serverCpuMsPerRequest === null || !bare.serverCpuMsPerRequest) return null;
  return Math.round((r.serverCpuMsPerRequest / bare.serverCpuMsPerRequest) * 10) / 10;
}

const ms = (n: number) => n.toFixed(2);
function printTable(rows: Array<[string, LoadResult]>, ratio: number, cpu: number | null): void {
  const lines = [['target', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'bytes/req', 'errors+non2xx']];
  for (const [name, r] of rows) {
    const cpuText = r.serverCpuMsPerRequest === null ? 'n/a' : r.serverCpuMsPerRequest.toFixed(3);
    lines.push([
      name,
      r.requestsPerSecond.toFixed(0),
      ms(r.latencyMs.p50),
      ms(r.latencyMs.p99),
      cpuText,
      String(r.bytesPerRequest),
      String(r.errors + r.non2xx),
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines) process.stdout.write(`${l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}\n`);
  process.stdout.write(`plan page / bare Hono: ${(ratio * 100).toFixed(1)} % of the bare server's requests per second\n`);
  if (cpu !== null) process.stdout.write(`plan page server CPU per request: ${cpu} x the bare server's\n`);
}

async function main(): Promise<void> {
  build();
  const work = mkdtempSync(join(tmpdir(), 'store-bench-'));
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  let server: RunningServer | null = null;
  let bare: ChildProcess | null = null;
  const loadBefore = loadavg();
  try {
    server = await startBuiltServer({ logFile: join(ROOT, 'tmp/bench-server.log'), logLevel: 'warn' });
    const port = server.port;
    const plans = await getAsHost(port, HOST, '/plans');
    if (plans.status !== 200) throw new Error(`GET /plans answered ${plans.status}:\n${logTail(server.logFile)}`);
    // The JavaScript first, while dist/ is surely the build this server started with.
    const home = await getAsHost(port, HOST, '/');
    const javascript = await pageJavaScript(home.body.toString('utf8'), async (path) => {
      const res = await getAsHost(port, HOST, path);
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
      return res.body;
    });

    const bodyFile = join(work, 'plans.html');
    writeFileSync(bodyFile, plans.body);
    const started = await startBare(bodyFile, plans.contentType);
    bare = started.child;

    const { rounds, ...load } = settings;
    const targets: Array<[string, string, string | undefined, number]> = [
      ['(a) GET /plans (HTML)', `http://127.0.0.1:${port}/plans`, HOST, server.pid],
      ['(b) GET /zapi/internal/plans/screen-data', `http://127.0.0.1:${port}/zapi/internal/plans/screen-data`, HOST, server.pid],
      ['(c) bare Hono, same bytes', `http://127.0.0.1:${started.port}/plans`, undefined, started.child.pid ?? 0],
    ];
    const runs: LoadResult[][] = targets.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, [name, url, host, serverPid]] of targets.entries()) {
        process.stdout.write(`round ${round}/${rounds}: ${name}, ${settings.warmup} s warm-up + ${settings.duration} s\n`);
        runs[i]!.push(await runLoad({ ...load, url, host, serverPid }));
      }
    }
    const results = targets.map(([name], i): [string, LoadResult] => [name, median(runs[i]!)]);
    const [a, b, c] = results.map(([, r]) => r) as [LoadResult, LoadResult, LoadResult];
    const ratio = a.requestsPerSecond / c.requestsPerSecond;

    const report = {
      date: new Date().toISOString(),
      machine: {
        cpuModel: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
        node: process.version,
        os: `${platform()} ${release()}`,
        loadAverageBefore: loadBefore.map((n) => Math.round(n * 100) / 100),
        loadAverageAfter: loadavg().map((n) => Math.round(n * 100) / 100),
      },
      settings: {
        ...settings,
        host: HOST,
        database: 'PGlite (fresh DATA_DIR)',
        logLevel: 'warn',
        loadGenerator: 'autocannon 9, own process',
      },
      planPage: { bytes: plans.body.length, contentType: plans.contentType },
      load: {
        plansHtml: a,
        screenData: b,
        bareHono: c,
        plansHtmlToBareRatio: Math.round(ratio * 1000) / 1000,
        plansHtmlCpuPerRequestVsBare: cpuFactor(a, c),
        allRounds: { plansHtml: runs[0], screenData: runs[1], bareHono: runs[2] },
      },
      homeJavaScript: javascript,
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);

    process.stdout.write(`\n${report.machine.cpuModel}, ${report.machine.cores} cores, Node ${report.machine.node}\n`);
    process.stdout.write(`${settings.connections} connections, ${settings.duration} s after ${settings.warmup} s warm-up\n\n`);
    printTable(results, ratio, cpuFactor(a, c));
    const t = javascript.total;
    process.stdout.write(
      `\nhome page JavaScript: ${t.count} files, ${t.raw} B raw, ${t.gzip9} B gzip -9, ${t.gzipDefault} B gzip (default level)\n`,
    );
    process.stdout.write('written to bench/results/latest.json\n');
  } finally {
    if (bare) await stopProcess(bare).catch((e: Error) => process.stderr.write(`${e.message}\n`));
    if (server) {
      await stopProcess(server.child).catch((e: Error) => process.stderr.write(`${e.message}\n`));
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
