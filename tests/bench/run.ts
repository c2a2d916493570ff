/**
 * `npm run bench`: a measurement, never a test. Builds for production, then for each database
 * mode (PGlite in a fresh folder; PostgreSQL in a scratch database when a server answers) starts
 * the built server and measures, with autocannon in its own process and the server's CPU time
 * from /proc: every page of issue 7's goal 1, their screen-data calls, /healthz, a bare Hono
 * server serving the same /plans bytes, the p99 latency of /plans at half its maximum rate, and
 * the heap after applying 1,000 stores. It also counts HTML bytes per page and the JavaScript
 * that / and /login load. One table of goal figures ends the run; everything goes to
 * bench/results/latest.json. docs/benchmarks.md explains the method.
 *
 *   npm run bench -- [--quick] [--duration 10] [--connections 10] [--warmup 3] [--pipelining 1]
 *                    [--rounds 1] [--stores 1000] [--no-postgres] [--skip-build] [--only <regex>]
 *
 * --quick: 3 s runs after 1 s warm-up, one round (a full run in a few minutes).
 * With --rounds N the targets run interleaved N times; per target the median round is reported.
 * --only: load only the targets whose name matches (e.g. `signed in`); the counts, HTML and
 * JavaScript figures are still taken, the half-rate runs only when their target was loaded, the
 * extra measurements (Lighthouse, unknown hosts) not at all.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { freePort, logTail, ROOT, type RunningServer, startBuiltServer, stopProcess } from '../e2e/server-process.ts';
import { countRequest, type DbCount, dbCountServerArgs } from './db-counts.ts';
import { printGoals } from './goals.ts';
import { heapNodeArgs, readHeap } from './heap.ts';
import { pageJavaScript } from './js-size.ts';
import { type LoadResult, runLoad } from './load.ts';
import { applyManyStores } from './many-stores.ts';
import { type DbMode, extraMeasurements } from './measurements.ts';
import { createScratchDatabase } from './postgres.ts';
import { goalRows, issue22Rows, type ModeResult, type PageFacts, pageFacts, printTargets, type Target } from './report.ts';
import { call, memberCookie, signupFlowCookie, verifiedOrderQuery } from './signup-flow.ts';

// `npm run bench -- billing`: the renewal figures only (tests/bench/billing.ts), not the default bench.
if (process.argv[2] === 'billing') await import('./billing.ts');

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string' },
    pipelining: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '1' },
    stores: { type: 'string', default: '1000' },
    'no-postgres': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const settings = {
  quick: flags.quick,
  duration: Number(flags.duration ?? (flags.quick ? 3 : 10)),
  connections: Number(flags.connections),
  warmup: Number(flags.warmup ?? (flags.quick ? 1 : 3)),
  pipelining: Number(flags.pipelining),
  rounds: Number(flags.rounds),
  stores: Number(flags.stores),
};
const HOST = 'aozora.localhost';
/** Goal 1's pages. /signup/form is measured inside a sign-up flow (see signup-flow.ts). */
const PAGES = ['/', '/login', '/plans', '/signup/form'] as const;
/** A plan's purchase form (issue 9): a guest is sent to the login, a member gets the form. */
const PLAN_PAGE = '/plans/standard-monthly';
/** Issue 22's signed-in pages (a member just signed up, no purchase yet). */
const MEMBER_PAGES = ['/mypage', '/mypage/plans', '/mypage/payment-history', PLAN_PAGE] as const;
/** The purchase confirmation (issue 22): another member's order of PLAN_PAGE's plan, verified with a card. */
const CONFIRM_PAGE = `${PLAN_PAGE}/confirm`;
const only = flags.only ? new RegExp(flags.only) : null;
const out = (s: string) => process.stdout.write(s);

function build(): void {
  if (flags['skip-build']) return;
  out('building (npm run build)...\n');
  const res = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error('npm run build failed');
}

/** Starts tests/bench/bare-server.ts and resolves with its port once it listens. */
function startBare(bodyFile: string, contentType: string, contentEncoding: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(ROOT, 'tests/bench/bare-server.ts'), bodyFile, contentType, contentEncoding], {
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

/** The run with the median value of `key` (the lower middle one for an even count). */
function medianBy(rs: LoadResult[], key: (r: LoadResult) => number): LoadResult {
  const sorted = [...rs].sort((x, y) => key(x) - key(y));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
const cpuOf = (r: LoadResult) => r.serverCpuMsPerRequest ?? Number.POSITIVE_INFINITY;

const screenDataPath = (page: string) => `/zapi/internal${page === '/' ? '' : page}/screen-data`;

async function runMode(mode: DbMode, work: string, databaseUrl?: string): Promise<ModeResult> {
  let server: RunningServer | null = null;
  let bare: ChildProcess | null = null;
  try {
    // Statements and round trips are counted inside the server, through its drivers (db-count.ts).
    const counterPort = await freePort();
    const counter = dbCountServerArgs(counterPort);
    server = await startBuiltServer({
      logFile: join(ROOT, `tmp/bench-server-${mode}.log`),
      logLevel: 'warn',
      env: { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...counter.env },
      nodeArgs: [...heapNodeArgs(), ...counter.nodeArgs],
      startTimeoutMs: 300_000,
    });
    const { port, pid } = server;
    const cookie = await signupFlowCookie(port, HOST);
    const cookieFor = (path: string) => (path.startsWith('/signup/form') || path.includes('/signup/form/') ? cookie : undefined);
    const pages: Record<string, PageFacts> = {};
    const bodies: Record<string, string> = {};
    let plansContentType = 'text/html';
    for (const page of PAGES) {
      const res = await call(port, HOST, 'GET', page, undefined, cookieFor(page));
      if (res.status !== 200) throw new Error(`GET ${page} answered ${res.status}:\n${logTail(server.logFile)}`);
      pages[page] = pageFacts(res.status, res.body);
      bodies[page] = res.body;
      if (page === '/plans') plansContentType = res.contentType;
    }
    const targets: Target[] = [];
    // As a browser asks: gzip accepted (the server compresses pages), so its cost is counted.
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    for (const page of PAGES)
      targets.push({
        name: `GET ${page}`,
        kind: 'page',
        path: page,
        url: `http://127.0.0.1:${port}${page}`,
        host: HOST,
        pid,
        cookie: cookieFor(page),
        headers: browser,
      });
    // The render path itself, which members' pages and every first visit take (decision 0012).
    for (const page of PAGES.filter((p) => !cookieFor(p)))
      targets.push({
        name: `GET ${page} (rendered)`,
        kind: 'page-rendered',
        path: page,
        url: `http://127.0.0.1:${port}${page}`,
        host: HOST,
        pid,
        headers: { ...browser, 'cache-control': 'no-cache' },
      });
    for (const page of PAGES) {
      const path = screenDataPath(page);
      targets.push({
        name: `GET ${path}`,
        kind: 'screen-data',
        path,
        url: `http://127.0.0.1:${port}${path}`,
        host: HOST,
        pid,
        cookie: cookieFor(page),
      });
    }
    // The purchase form: the guest's way to the login.
    targets.push({
      name: `GET ${PLAN_PAGE} (guest: redirect to login)`,
      kind: 'page',
      path: PLAN_PAGE,
      url: `http://127.0.0.1:${port}${PLAN_PAGE}`,
      host: HOST,
      pid,
      headers: browser,
    });
    // Issue 22: a member's pages (never kept: each is rendered for its member) and their data.
    const member = await memberCookie(port, HOST);
    for (const page of MEMBER_PAGES) {
      const res = await call(port, HOST, 'GET', page, undefined, member);
      if (res.status !== 200) throw new Error(`GET ${page} signed in answered ${res.status}:\n${logTail(server.logFile)}`);
      pages[`${page} (signed in)`] = pageFacts(res.status, res.body);
      bodies[`${page} (signed in)`] = res.body;
      targets.push({
        name: `GET ${page} (signed in)`,
        kind: 'member-page',
        path: page,
        url: `http://127.0.0.1:${port}${page}`,
        host: HOST,
        pid,
        cookie: member,
        headers: browser,
      });
      targets.push({
        name: `GET ${screenDataPath(page)} (signed in)`,
        kind: 'screen-data',
        path: screenDataPath(page),
        url: `http://127.0.0.1:${port}${screenDataPath(page)}`,
        host: HOST,
        pid,
        cookie: member,
      });
    }
    // The purchase confirmation: a second member (a card registered), so the first stays without one.
    const buyer = await memberCookie(port, HOST);
    const orderQuery = await verifiedOrderQuery(port, HOST, buyer, PLAN_PAGE.slice('/plans/'.length));
    {
      const res = await call(port, HOST, 'GET', `${CONFIRM_PAGE}${orderQuery}`, undefined, buyer);
      if (res.status !== 200) throw new Error(`GET ${CONFIRM_PAGE} signed in answered ${res.status}:\n${logTail(server.logFile)}`);
      pages[`${CONFIRM_PAGE} (signed in)`] = pageFacts(res.status, res.body);
      bodies[`${CONFIRM_PAGE} (signed in)`] = res.body;
      targets.push({
        name: `GET ${CONFIRM_PAGE}?token=… (signed in)`,
        kind: 'member-page',
        path: CONFIRM_PAGE,
        url: `http://127.0.0.1:${port}${CONFIRM_PAGE}${orderQuery}`,
        host: HOST,
        pid,
        cookie: buyer,
        headers: browser,
      });
      targets.push({
        name: `GET ${screenDataPath(CONFIRM_PAGE)}?token=… (signed in)`,
        kind: 'screen-data',
        path: screenDataPath(CONFIRM_PAGE),
        url: `http://127.0.0.1:${port}${screenDataPath(CONFIRM_PAGE)}${orderQuery}`,
        host: HOST,
        pid,
        cookie: buyer,
      });
    }
    targets.push({ name: 'GET /healthz', kind: 'health', path: '/healthz', url: `http://127.0.0.1:${port}/healthz`, host: HOST, pid });

    const result: ModeResult = {
      mode,
      database: databaseUrl ? 'PostgreSQL (scratch database)' : 'PGlite (fresh DATA_DIR)',
      pages,
      targets: [],
      extra: {},
      extraRows: [],
      dbCounts: {},
    };
    // Statements and round trips per request (goal 2 of issue 22), before any load.
    for (const page of PAGES) {
      result.dbCounts![page] = await countRequest({ counterPort, port, host: HOST, path: page, cookie: cookieFor(page) });
      const data = screenDataPath(page);
      result.dbCounts![data] = await countRequest({ counterPort, port, host: HOST, path: data, cookie: cookieFor(page) });
    }
    for (const page of MEMBER_PAGES) {
      const counted: DbCount & { status: number } = await countRequest({ counterPort, port, host: HOST, path: page, cookie: member });
      result.dbCounts![`${page} (signed in)`] = counted;
      const data = screenDataPath(page);
      result.dbCounts![`${data} (signed in)`] = await countRequest({ counterPort, port, host: HOST, path: data, cookie: member });
    }
    for (const path of [CONFIRM_PAGE, screenDataPath(CONFIRM_PAGE)]) {
      const counted = await countRequest({ counterPort, port, host: HOST, path: `${path}${orderQuery}`, cookie: buyer });
      if (counted.status !== 200) throw new Error(`GET ${path} (the order's confirmation) answered ${counted.status}`);
      result.dbCounts![`${path} (signed in)`] = counted;
    }
    if (mode === 'pglite') {
      // The JavaScript first, while dist/ is surely the build this server started with.
      result.javascript = {};
      for (const page of ['/', '/login', '/mypage (signed in)', `${PLAN_PAGE} (signed in)`, `${CONFIRM_PAGE} (signed in)`]) {
        result.javascript[page] = await pageJavaScript(bodies[page] ?? '', async (path) => {
          const res = await call(port, HOST, 'GET', path);
          if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
          return Buffer.from(res.body);
        });
      }
      // The bytes the server sends a browser for /plans: the page, gzipped as the server does.
      const bodyFile = join(work, 'plans.html.gz');
      writeFileSync(bodyFile, gzipSync(bodies['/plans'] ?? '', { level: 6 }));
      const started = await startBare(bodyFile, plansContentType, 'gzip');
      bare = started.child;
      targets.push({
        name: 'bare Hono, /plans bytes',
        kind: 'bare',
        path: '/plans',
        url: `http://127.0.0.1:${started.port}/plans`,
        pid: started.child.pid ?? 0,
      });
    }

    const { connections, duration, warmup, pipelining, rounds } = settings;
    if (only) targets.splice(0, targets.length, ...targets.filter((t) => only.test(t.name)));
    const runs: LoadResult[][] = targets.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, t] of targets.entries()) {
        out(`[${mode}] round ${round}/${rounds}: ${t.name}, ${warmup} s warm-up + ${duration} s\n`);
        const headers = { ...t.headers, ...(t.cookie ? { cookie: t.cookie } : {}) };
        runs[i]!.push(await runLoad({ connections, duration, warmup, pipelining, url: t.url, host: t.host, headers, serverPid: t.pid }));
      }
    }
    result.targets = targets.map((t, i) => ({
      name: t.name,
      kind: t.kind,
      path: t.path,
      median: medianBy(runs[i]!, cpuOf),
      rounds: runs[i]!,
    }));
    const plansRuns = runs[targets.findIndex((t) => t.kind === 'page' && t.path === '/plans')] ?? [];
    const loaded = (kind: Target['kind'], path: string) => targets.some((t) => t.kind === kind && t.path === path);
    if (bare && !loaded('bare', '/plans')) {
      await stopProcess(bare);
      bare = null;
    }
    if (bare && plansRuns.length > 0 && loaded('page-rendered', '/plans')) {
      const plansByRate = medianBy(plansRuns, (r) => r.requestsPerSecond);
      const bareRuns = runs[targets.findIndex((t) => t.kind === 'bare')]!;
      const bareByRate = medianBy(bareRuns, (r) => r.requestsPerSecond);
      result.plansShareOfBare = Math.round((plansByRate.requestsPerSecond / bareByRate.requestsPerSecond) * 10000) / 10000;
      const bareCpu = medianBy(bareRuns, cpuOf).serverCpuMsPerRequest;
      const plansCpu = medianBy(plansRuns, cpuOf).serverCpuMsPerRequest;
      result.plansCpuVsBare = plansCpu !== null && bareCpu ? Math.round((plansCpu / bareCpu) * 10) / 10 : null;
      const renderedRuns = runs[targets.findIndex((t) => t.kind === 'page-rendered' && t.path === '/plans')]!;
      const renderedByRate = medianBy(renderedRuns, (r) => r.requestsPerSecond);
      result.plansRenderedShareOfBare = Math.round((renderedByRate.requestsPerSecond / bareByRate.requestsPerSecond) * 10000) / 10000;
      await stopProcess(bare);
      bare = null;
    }

    // Goal 7: a fixed rate of half the maximum just measured, as a guest asks and forced to render.
    const halfRate = async (kind: 'page' | 'page-rendered') => {
      const i = targets.findIndex((t) => t.kind === kind && t.path === '/plans');
      const byRate = medianBy(runs[i]!, (r) => r.requestsPerSecond);
      const rate = Math.max(1, Math.round(byRate.requestsPerSecond / 2));
      out(`[${mode}] /plans (${kind}) at a fixed ${rate} req/s (half the maximum), ${warmup} s warm-up + ${duration} s\n`);
      const result = await runLoad({
        connections,
        duration,
        warmup,
        pipelining,
        url: `http://127.0.0.1:${port}/plans`,
        host: HOST,
        headers: targets[i]!.headers,
        overallRate: rate,
        serverPid: pid,
      });
      return { rate, result };
    };
    if (loaded('page', '/plans')) result.halfRate = await halfRate('page');
    if (loaded('page-rendered', '/plans')) result.halfRateRendered = await halfRate('page-rendered');
    // Issue 22, goal 4: /mypage signed in at half its maximum rate.
    if (loaded('member-page', '/mypage')) {
      const i = targets.findIndex((t) => t.kind === 'member-page' && t.path === '/mypage');
      const byRate = medianBy(runs[i]!, (r) => r.requestsPerSecond);
      const rate = Math.max(1, Math.round(byRate.requestsPerSecond / 2));
      out(`[${mode}] /mypage (signed in) at a fixed ${rate} req/s (half the maximum), ${warmup} s warm-up + ${duration} s\n`);
      const headers = { ...targets[i]!.headers, cookie: member };
      const r = await runLoad({
        connections,
        duration,
        warmup,
        pipelining,
        url: targets[i]!.url,
        host: HOST,
        headers,
        overallRate: rate,
        serverPid: pid,
      });
      result.halfRateMypage = { rate, result: r };
    }

    const logFile = server.logFile;
    const heap = () => readHeap(pid, logFile);
    for (const m of only ? [] : extraMeasurements) {
      if (!(m.modes ?? ['pglite']).includes(mode)) continue;
      out(`[${mode}] ${m.name}\n`);
      const r = await m.run({ mode, port, pid, host: HOST, quick: settings.quick, heap });
      result.extra[m.name] = r.result;
      result.extraRows.push(...r.rows);
    }
    if (settings.stores > 0) {
      out(`[${mode}] applying ${settings.stores} stores, requesting each once\n`);
      result.manyStores = await applyManyStores({ count: settings.stores, port, dataDir: server.dataDir, databaseUrl, heap });
    }
    return result;
  } finally {
    if (bare) await stopProcess(bare).catch((e: Error) => process.stderr.write(`${e.message}\n`));
    if (server) {
      await stopProcess(server.child).catch((e: Error) => process.stderr.write(`${e.message}\n`));
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
}

async function main(): Promise<void> {
  build();
  const work = mkdtempSync(join(tmpdir(), 'store-bench-'));
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const loadBefore = loadavg();
  const modes: ModeResult[] = [];
  const notes: string[] = [];
  try {
    modes.push(await runMode('pglite', work));
    const scratch = flags['no-postgres'] ? null : await createScratchDatabase();
    if (scratch) {
      try {
        modes.push(await runMode('postgres', work, scratch.url));
      } finally {
        await scratch.drop();
      }
    } else {
      notes.push(flags['no-postgres'] ? 'PostgreSQL mode skipped (--no-postgres)' : 'PostgreSQL mode skipped: no server answered');
    }
    const goals = goalRows(modes);
    const goals22 = issue22Rows(modes);
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
        logLevel: 'warn',
        loadGenerator: 'autocannon 9, own process',
        signupForm: 'inside a verified sign-up flow (cookie)',
      },
      notes,
      goals,
      goals22,
      modes,
    };
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    out(`\n${report.machine.cpuModel}, ${report.machine.cores} cores, Node ${report.machine.node}\n`);
    out(`${settings.connections} connections, ${settings.duration} s after ${settings.warmup} s warm-up, ${settings.rounds} round(s)\n`);
    for (const m of modes) printTargets(m);
    for (const n of notes) out(`note: ${n}\n`);
    out('\nGoal figures (issue 7)\n');
    printGoals(goals, out);
    out("\nGoal figures (issue 22: members' pages)\n");
    printGoals(goals22, out);
    out('written to bench/results/latest.json\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
