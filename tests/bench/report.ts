/**
 * What a bench run found, per database mode, and how it is printed: the targets' table and the
 * goal rows of issue 7 (printed last by run.ts, written to bench/results/latest.json).
 */
import { type GoalRow, LIGHTHOUSE_PLACEHOLDER, row } from './goals.ts';
import type { JsTotals } from './js-size.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import type { LoadResult } from './load.ts';
import type { ManyStoresResult } from './many-stores.ts';
import type { DbMode } from './measurements.ts';

const out = (s: string) => process.stdout.write(s);

export type Target = {
  name: string;
  /** page: as a guest's browser asks (a kept page where the cache keeps it); page-rendered: a forced fresh render. */
  kind: 'page' | 'page-rendered' | 'member-page' | 'screen-data' | 'health' | 'bare';
  path: string;
  url: string;
  host?: string;
  pid: number;
  cookie?: string;
  headers?: Record<string, string>;
};
export type PageFacts = {
  status: number;
  htmlBytes: number;
  inlineStyleBlocks: number;
  inlineStyleBytes: number;
  serializedPageContextBytes: number;
};
export type ModeResult = {
  mode: DbMode;
  database: string;
  pages: Record<string, PageFacts>;
  javascript?: Record<string, JsTotals>;
  targets: Array<{ name: string; kind: Target['kind']; path: string; median: LoadResult; rounds: LoadResult[] }>;
  plansShareOfBare?: number;
  /** The same for /plans forced to render. */
  plansRenderedShareOfBare?: number;
  plansCpuVsBare?: number | null;
  halfRate?: { rate: number; result: LoadResult };
  /** The same with every request forced to render (Cache-Control: no-cache). */
  halfRateRendered?: { rate: number; result: LoadResult };
  /** Issue 22, goal 4: /mypage signed in at half its maximum rate. */
  halfRateMypage?: { rate: number; result: LoadResult };
  /** SQL statements and round trips of one request, per path (tests/bench/db-counts.ts). */
  dbCounts?: Record<string, { statements: number; roundTrips: number; status: number }>;
  manyStores?: ManyStoresResult;
  extra: Record<string, unknown>;
  extraRows: GoalRow[];
};

/** HTML bytes, inline <style> blocks and the serialised page context of one page. */
export function pageFacts(status: number, html: string): PageFacts {
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)];
  const ctx = /<script id="vike_pageContext" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  return {
    status,
    htmlBytes: Buffer.byteLength(html),
    inlineStyleBlocks: styles.length,
    inlineStyleBytes: styles.reduce((n, m) => n + Buffer.byteLength(m[0]), 0),
    serializedPageContextBytes: Buffer.byteLength(ctx),
  };
}

const f2 = (n: number | null | undefined) => (n === null || n === undefined ? 'n/a' : n.toFixed(3));
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const mib = (n: number) => `${(n / 2 ** 20).toFixed(1)} MiB`;

export function goalRows(modes: ModeResult[]): GoalRow[] {
  const rows: GoalRow[] = [];
  for (const m of modes) {
    for (const t of m.targets.filter((x) => x.kind === 'page' || x.kind === 'page-rendered')) {
      const v = t.median.serverCpuMsPerRequest;
      const how =
        t.kind === 'page-rendered'
          ? 'rendered (no-cache)'
          : t.path.startsWith('/signup/form')
            ? 'in a flow, rendered'
            : t.name.includes('signed in')
              ? 'signed in, rendered'
              : 'guest';
      rows.push(row('1', `server CPU ms/page ${t.path}, ${how} (${m.mode})`, f2(v), '<= 1.0', v === null ? null : v <= 1.0));
    }
  }
  const pg = modes.find((m) => m.mode === 'pglite');
  if (pg?.plansShareOfBare !== undefined) {
    const share = (v: number) => `${(v * 100).toFixed(1)} %`;
    rows.push(
      row('2', '/plans req/s share of bare Hono, guest (PGlite)', share(pg.plansShareOfBare), '>= 10 %', pg.plansShareOfBare >= 0.1),
    );
    if (pg.plansRenderedShareOfBare !== undefined) {
      const v = pg.plansRenderedShareOfBare;
      rows.push(row('2', '/plans req/s share of bare Hono, rendered (PGlite)', share(v), '>= 10 %', v >= 0.1));
    }
  }
  for (const m of modes) {
    for (const t of m.targets.filter((x) => x.kind === 'screen-data')) {
      const v = t.median.serverCpuMsPerRequest;
      rows.push(row('3', `server CPU ms ${t.path} (${m.mode})`, f2(v), '<= 0.25', v === null ? null : v <= 0.25));
    }
  }
  const login = pg?.pages['/login'];
  if (login) {
    rows.push(row('4', 'HTML of /login', `${login.htmlBytes} B`, '<= 14,000 B', login.htmlBytes <= 14_000));
    rows.push(
      row(
        '4',
        'inline <style> in /login',
        `${login.inlineStyleBlocks} blocks, ${login.inlineStyleBytes} B`,
        'no CSS repeated (<= 1,000 B)',
        login.inlineStyleBytes <= 1000,
      ),
    );
  }
  for (const [page, js] of Object.entries(pg?.javascript ?? {})) {
    rows.push(
      row('5', `JavaScript gzip -9 of ${page} (${js.total.count} files)`, kb(js.total.gzip9), '<= 90 KB', js.total.gzip9 <= 90_000),
    );
  }
  const extra = modes.flatMap((m) => m.extraRows);
  rows.push(...(extra.some((r) => r.goal === '6') ? extra.filter((r) => r.goal === '6') : LIGHTHOUSE_PLACEHOLDER));
  for (const m of modes) {
    if (!m.halfRate) continue;
    const p99 = m.halfRate.result.latencyMs.p99;
    rows.push(row('7', `p99 /plans, guest, at ${m.halfRate.rate} req/s (${m.mode})`, `${p99} ms`, '<= 25 ms', p99 <= 25));
    if (m.halfRateRendered) {
      const r = m.halfRateRendered;
      const rendered = r.result.latencyMs.p99;
      rows.push(row('7', `p99 /plans, rendered, at ${r.rate} req/s (${m.mode})`, `${rendered} ms`, '<= 25 ms', rendered <= 25));
    }
  }
  for (const m of modes) {
    const s = m.manyStores;
    if (!s) continue;
    rows.push(
      row(
        'memory',
        `heap used after ${s.stores} stores (${m.mode})`,
        `${mib(s.after.heapUsedBytes)} (+${mib(s.after.heapUsedBytes - s.before.heapUsedBytes)})`,
        'bounded, reported',
        null,
      ),
    );
  }
  rows.push(...extra.filter((r) => r.goal !== '6'));
  return rows;
}

/** Issue 22's goals: members' pages as fast as guests'. */
export function issue22Rows(modes: ModeResult[]): GoalRow[] {
  const rows: GoalRow[] = [];
  for (const m of modes) {
    const limit = m.mode === 'postgres' ? 2.0 : 4.0;
    for (const t of m.targets.filter((x) => x.kind === 'member-page')) {
      const v = t.median.serverCpuMsPerRequest;
      rows.push(
        row('1', `server CPU ms/page ${t.path}, signed in (${m.mode})`, f2(v), `<= ${limit.toFixed(1)}`, v === null ? null : v <= limit),
      );
    }
  }
  for (const m of modes) {
    for (const [path, n] of Object.entries(m.dbCounts ?? {}).filter(([p]) => p.endsWith('(signed in)'))) {
      rows.push(
        row('2', `SQL round trips (statements) ${path} (${m.mode})`, `${n.roundTrips} (${n.statements})`, '<= 4', n.roundTrips <= 4),
      );
    }
  }
  for (const m of modes) {
    for (const t of m.targets.filter((x) => x.kind === 'page-rendered' || (x.kind === 'page' && x.path.startsWith('/signup/form')))) {
      const v = t.median.serverCpuMsPerRequest;
      rows.push(row('3', `server CPU ms/page ${t.path}, rendered (${m.mode})`, f2(v), '<= 1.5', v === null ? null : v <= 1.5));
    }
  }
  for (const m of modes) {
    if (!m.halfRateMypage) continue;
    const p99 = m.halfRateMypage.result.latencyMs.p99;
    rows.push(row('4', `p99 /mypage signed in at ${m.halfRateMypage.rate} req/s (${m.mode})`, `${p99} ms`, '<= 30 ms', p99 <= 30));
  }
  const pg = modes.find((m) => m.mode === 'pglite');
  for (const [page, js] of Object.entries(pg?.javascript ?? {}).filter(([p]) => p !== '/')) {
    rows.push(
      row('5', `JavaScript gzip -9 of ${page} (${js.total.count} files)`, kb(js.total.gzip9), '<= 110 KB', js.total.gzip9 <= 110_000),
    );
  }
  const GOAL6 = 'perf >= 95, TBT <= 150 ms, CLS <= 0.02, a11y 100';
  const audited = modes.filter((m) => m.extra['lighthouse-member']);
  if (audited.length === 0) rows.push(row('6', 'Lighthouse mobile /mypage, purchase form, signed in', 'not measured', GOAL6, null));
  for (const m of audited) {
    for (const a of m.extra['lighthouse-member'] as Array<LighthouseFigures & { path: string }>) {
      rows.push(
        row(
          '6',
          `Lighthouse mobile ${a.path}, signed in (${m.mode})`,
          `perf ${a.performance}, TBT ${a.tbtMs} ms, CLS ${a.cls}, a11y ${a.accessibility} (LCP ${a.lcpMs} ms)`,
          GOAL6,
          a.performance >= 95 && a.tbtMs <= 150 && a.cls <= 0.02 && a.accessibility === 100,
        ),
      );
    }
  }
  const login = pg?.pages['/login'];
  if (login) rows.push(row('7', 'HTML of /login', `${login.htmlBytes} B`, '<= 14,000 B', login.htmlBytes <= 14_000));
  return rows;
}

export function printTargets(m: ModeResult): void {
  out(`\n${m.mode}: ${m.database}\n`);
  const lines = [['target', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'bytes/req', 'errors+non2xx']];
  for (const t of m.targets) {
    const r = t.median;
    lines.push([
      t.name,
      r.requestsPerSecond.toFixed(0),
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      f2(r.serverCpuMsPerRequest),
      String(r.bytesPerRequest),
      String(r.errors + r.non2xx),
    ]);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines) out(`${l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}\n`);
  for (const [page, p] of Object.entries(m.pages)) {
    out(
      `  ${page}: ${p.htmlBytes} B HTML, ${p.inlineStyleBlocks} <style> blocks (${p.inlineStyleBytes} B), page context ${p.serializedPageContextBytes} B\n`,
    );
  }
  for (const [page, js] of Object.entries(m.javascript ?? {})) {
    out(`  JavaScript ${page}: ${js.total.count} files, ${js.total.raw} B raw, ${js.total.gzip9} B gzip -9\n`);
  }
  for (const [path, n] of Object.entries(m.dbCounts ?? {})) {
    out(`  SQL ${path}: ${n.roundTrips} round trips, ${n.statements} statements (HTTP ${n.status})\n`);
  }
  if (m.plansShareOfBare !== undefined)
    out(`  /plans req/s = ${(m.plansShareOfBare * 100).toFixed(1)} % of bare Hono; CPU ${m.plansCpuVsBare} x bare\n`);
  const s = m.manyStores;
  if (s) {
    out(
      `  ${s.stores} stores: applied in ${s.applySeconds} s, requested in ${s.requestSeconds} s (${s.non200} not 200); heap used ${mib(s.before.heapUsedBytes)} -> ${mib(s.after.heapUsedBytes)}, RSS ${mib(s.before.rssBytes)} -> ${mib(s.after.rssBytes)}\n`,
    );
  }
}
