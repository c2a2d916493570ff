/**
 * The hook point for measurements that are not part of run.ts itself (for example "heap after
 * 100,000 random unknown hosts", or Lighthouse through tests/bench/lighthouse.ts). Add an entry to
 * `extraMeasurements`: run.ts calls each one, in each database mode it names, with the running
 * server, writes its `result` to bench/results/latest.json under `extra.<name>.<mode>` and adds
 * its rows to the goal table.
 */
import type { GoalRow } from './goals.ts';
import type { HeapFigure } from './heap.ts';
import { lighthouseMeasurement, memberLighthouseMeasurement } from './lighthouse-measurement.ts';
import { unknownHostsMeasurement } from './unknown-hosts-load.ts';

export type DbMode = 'pglite' | 'postgres';

export type MeasureContext = {
  mode: DbMode;
  /** The server under test: 127.0.0.1:<port>, process <pid>. */
  port: number;
  pid: number;
  /** A demo store's host (aozora.localhost); send it as the Host header. */
  host: string;
  quick: boolean;
  /** The server's memory after a full garbage collection (through its inspector, see heap.ts). */
  heap: () => Promise<HeapFigure>;
};

export type Measurement = {
  name: string;
  /** Which database modes to run in (default: PGlite only). */
  modes?: DbMode[];
  /** Runs last in a mode, after the load runs (it may add stores or hosts to the server). */
  run(ctx: MeasureContext): Promise<{ result: unknown; rows: GoalRow[] }>;
};

/**
 * Goal 6 (Lighthouse) belongs here once tests/bench/lighthouse.ts exists; rows with goal "6"
 * replace the placeholder row. For example:
 *
 *   {
 *     name: 'lighthouse',
 *     async run({ port }) {
 *       const pages = [['aozora.localhost', '/'], ['aozora.localhost', '/login'], ['kurenai.localhost', '/plans']];
 *       const audits = [];
 *       for (const [host, path] of pages) audits.push({ host, path, ...(await lighthouseAudit({ port, host, path })) });
 *       return { result: audits, rows: audits.map((a) => row('6', `Lighthouse ${a.host}${a.path}`, `perf ${a.performance}, LCP ${a.lcpMs} ms, …`, 'perf >= 95, …', a.performance >= 95 && …)) };
 *     },
 *   }
 *
 * and "heap after 100,000 random unknown hosts" (issue 6): request them, then `await ctx.heap()`.
 */
export const extraMeasurements: Measurement[] = [unknownHostsMeasurement, lighthouseMeasurement, memberLighthouseMeasurement];
