/**
 * `npm run bench:profile -- [--postgres] [--seconds 8] [--pages /mypage,form,confirm] [--out dir]`:
 * a CPU profile of the built server under load on a member's pages (issue 22, decision 0053),
 * never part of `npm run bench`. Starts dist/app/main.js as the bench does (PGlite, or a scratch
 * PostgreSQL database with --postgres), signs a member up (and a second one with a verified
 * order for the confirmation), then per page starts V8's profiler through the server's inspector,
 * runs autocannon (10 connections) for the given seconds, stops the profiler and writes
 * `<out>/<mode>-<page>.cpuprofile` (open it in Chrome DevTools). It prints the shares of the busy
 * samples by where they are (inclusive, groups overlap), the top self times, and the server CPU
 * per request of that run. Run `npm run build` first. `--read <file.cpuprofile>` prints the same
 * summary of a profile written before.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, startBuiltServer, stopProcess } from '../e2e/server-process.ts';
import { heapNodeArgs, inspect } from './heap.ts';
import { runLoad } from './load.ts';
import { createScratchDatabase } from './postgres.ts';
import { memberCookie, verifiedOrderQuery } from './signup-flow.ts';

const { values: flags } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '8' },
    pages: { type: 'string', default: '/mypage,form' },
    out: { type: 'string', default: join(ROOT, 'tmp/profiles') },
    read: { type: 'string' },
  },
});
const HOST = 'aozora.localhost';
const PLAN = 'standard-monthly';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

/** Where a frame belongs: a package of node_modules, our code, or V8's own entries. */
function groupOf(frame: Node['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName || 'anonymous'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node internals';
  if (url.includes('/dist/')) return 'app (dist)';
  return 'other';
}

/** Shares of the busy samples: inclusive per group (a sample counts once per group on its stack), self per function. */
export function summarise(profile: Profile): { busy: number; inclusive: Array<[string, number]>; self: Array<[string, number]> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    busy++;
    const f = node.callFrame;
    const selfName = `${f.functionName || '(anonymous)'} ${groupOf(f)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
    self.set(selfName, (self.get(selfName) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      const g = groupOf(frame);
      if (g === '(root)') continue;
      seen.add(g);
      // A few named places inside the groups (decision 0044's and 0010's rows).
      if (frame.functionName === 'renderToString' || frame.functionName === 'renderToStringImpl') seen.add('React renderToString');
      if (frame.functionName === 'serializeStyles') seen.add('Emotion serializeStyles');
      if (frame.functionName === 'renderPage') seen.add('Vike renderPage');
      if (/gzip|deflate|brotli|zlib/i.test(frame.functionName) || frame.url === 'node:zlib') seen.add('compression (zlib)');
    }
    for (const g of seen) inclusive.set(g, (inclusive.get(g) ?? 0) + 1);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { busy, inclusive: sorted(inclusive), self: sorted(self) };
}

const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} %`;

function print(profile: Profile): void {
  const s = summarise(profile);
  process.stdout.write(`  ${s.busy} busy samples; inclusive:\n`);
  for (const [g, n] of s.inclusive.slice(0, 24)) process.stdout.write(`    ${pct(n, s.busy).padStart(7)}  ${g}\n`);
  process.stdout.write('  self:\n');
  for (const [f, n] of s.self.slice(0, 25)) process.stdout.write(`    ${pct(n, s.busy).padStart(7)}  ${f}\n`);
}

async function main(): Promise<void> {
  if (flags.read) return print(JSON.parse(readFileSync(flags.read, 'utf8')) as Profile);
  const mode = flags.postgres ? 'postgres' : 'pglite';
  const scratch = flags.postgres ? await createScratchDatabase() : null;
  if (flags.postgres && !scratch) throw new Error('no PostgreSQL server answered');
  mkdirSync(flags.out, { recursive: true });
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const server = await startBuiltServer({
    logFile: join(ROOT, `tmp/profile-server-${mode}.log`),
    logLevel: 'warn',
    env: scratch ? { DATABASE_URL: scratch.url } : {},
    nodeArgs: heapNodeArgs(),
    startTimeoutMs: 300_000,
  });
  try {
    const member = await memberCookie(server.port, HOST);
    const buyer = await memberCookie(server.port, HOST);
    const order = await verifiedOrderQuery(server.port, HOST, buyer, PLAN);
    const paths: Record<string, { path: string; cookie: string }> = {
      '/mypage': { path: '/mypage', cookie: member },
      form: { path: `/plans/${PLAN}`, cookie: member },
      confirm: { path: `/plans/${PLAN}/confirm${order}`, cookie: buyer },
      '/mypage/plans': { path: '/mypage/plans', cookie: member },
      login: { path: '/login', cookie: '' },
    };
    const { send, close } = await inspect(server.pid, server.logFile);
    try {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: 200 });
      for (const name of flags.pages.split(',')) {
        const target = paths[name];
        if (!target) throw new Error(`unknown page ${name}: one of ${Object.keys(paths).join(', ')}`);
        const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', 'cache-control': 'no-cache' };
        if (target.cookie) headers.cookie = target.cookie;
        const load = {
          url: `http://127.0.0.1:${server.port}${target.path}`,
          host: HOST,
          headers,
          connections: 10,
          pipelining: 1,
          serverPid: server.pid,
        };
        await runLoad({ ...load, duration: 2, warmup: 0 });
        await send('Profiler.start');
        const r = await runLoad({ ...load, duration: Number(flags.seconds), warmup: 0 });
        const { profile } = (await send('Profiler.stop')) as { profile: Profile };
        const file = join(flags.out, `${mode}-${name.replace(/\W+/g, '_')}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        process.stdout.write(
          `\n${mode} ${target.path.split('?')[0]}: ${r.requests} requests (${r.non2xx} not 2xx), ${r.serverCpuMsPerRequest} ms CPU/request (profiler on) -> ${file}\n`,
        );
        print(profile);
      }
    } finally {
      close();
    }
  } finally {
    await stopProcess(server.child).catch(() => {});
    rmSync(server.dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`profile failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
