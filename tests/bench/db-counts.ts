/**
 * SQL statements and round trips per request, read from the counter that tests/bench/db-count.ts
 * puts into the server process. Each path is requested a few times one after the other, totals
 * read before and after each; the fewest round trips of the tries is the path's own count (a
 * background job of the server, such as the mail queue's poll, may add to one try, never remove).
 */
import { get } from 'node:http';
import { join } from 'node:path';
import { ROOT } from '../e2e/server-process.ts';
import { call } from './signup-flow.ts';

export type DbCount = { statements: number; roundTrips: number };

/** The node arguments and environment that load the counter into the server on `port`. */
export function dbCountServerArgs(port: number): { nodeArgs: string[]; env: Record<string, string> } {
  return { nodeArgs: ['--import', join(ROOT, 'tests/bench/db-count.ts')], env: { BENCH_DB_COUNT_PORT: String(port) } };
}

function readCounts(port: number): Promise<DbCount> {
  return new Promise((done, fail) => {
    get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => {
        text += d;
      });
      res.on('end', () => done(JSON.parse(text) as DbCount));
    }).on('error', fail);
  });
}

export async function countRequest(opts: {
  counterPort: number;
  port: number;
  host: string;
  path: string;
  cookie?: string;
  tries?: number;
}): Promise<DbCount & { status: number }> {
  let best: (DbCount & { status: number }) | null = null;
  for (let i = 0; i < (opts.tries ?? 5); i++) {
    const before = await readCounts(opts.counterPort);
    const res = await call(opts.port, opts.host, 'GET', opts.path, undefined, opts.cookie, {
      'cache-control': 'no-cache',
      accept: 'text/html',
    });
    const after = await readCounts(opts.counterPort);
    const n = { statements: after.statements - before.statements, roundTrips: after.roundTrips - before.roundTrips, status: res.status };
    if (!best || n.roundTrips < best.roundTrips) best = n;
  }
  return best!;
}
