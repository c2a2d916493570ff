/**
 * The hook point for measurements that are not part of run.ts itself (for example "heap after
 * 100,000 random unknown hosts", or Lighthouse through tests/bench/lighthouse.ts). Add an entry to
 * `extraMeasurements`: run.ts calls each one, in each database mode it names, with the running
 * server, writes its `result` to bench/results/latest.json under `extra.<name>.<mode>` and adds
 * its rows to the goal table.
 */
import type { GoalRow } from './goals.ts';
import type { HeapFigure } from './heap.ts';

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

/** Goal 6 (Lighthouse) belongs here once tests/bench/lighthouse.ts exists; its rows replace the placeholder rows "6". */
export const extraMeasurements: Measurement[] = [];
