/**
 * Loaded into the benchmarked server with `node --import` (never in production): counts the SQL
 * statements and round trips the server makes, through the drivers themselves, and answers the
 * running totals as JSON on http://127.0.0.1:$BENCH_DB_COUNT_PORT/. The bench reads the totals
 * before and after one request of a page (tests/bench/db-counts.ts). Works on any build of the
 * server, so a baseline checkout is counted the same way.
 *
 * - PostgreSQL (pg): a round trip is one `Client.query` call (its messages go out together and
 *   end with one ReadyForQuery); its statements are the Execute messages of an extended query
 *   (a submittable may say `statementCount`), or the `;`-separated statements of a simple query.
 * - PGlite: a round trip is one exchange with the engine up to a Sync (PGlite's query, exec and
 *   transaction each end theirs with one, sent through `execProtocolStream`); its statements are
 *   the Execute and simple Query messages in it.
 */
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The running totals since the process started (read by tests/integration/db-round-trips.test.ts too). */
export const counts = { statements: 0, roundTrips: 0 };

/** The texts of the latest statements (pg: each query's; PGlite: each Parse's and Query's), for GET /recent. */
const recent: string[] = [];
const note = (text: string) => {
  recent.push(text.replace(/\s+/g, ' ').slice(0, 160));
  if (recent.length > 500) recent.shift();
};

const simpleStatements = (text: string) => text.split(';').filter((s) => s.trim() !== '').length || 1;

type Submittable = { text?: string; values?: unknown[]; statementCount?: number; submit?: unknown };
const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | Submittable | undefined;
  counts.roundTrips++;
  note(typeof config === 'string' ? config : `${config?.statementCount === 2 ? '[scoped] ' : ''}${config?.text ?? ''}`);
  if (typeof config === 'string') counts.statements += Array.isArray(args[1]) && args[1].length ? 1 : simpleStatements(config);
  else if (typeof config?.statementCount === 'number') counts.statements += config.statementCount;
  else if (config?.values?.length || typeof config?.submit === 'function') counts.statements += 1;
  else counts.statements += simpleStatements(config?.text ?? '');
  return pgQuery.apply(this, args);
} as never;

/** Counts the frontend messages of one PGlite protocol call: 'S' Sync, 'E' Execute, 'Q' Query. */
function countPgliteMessages(message: Uint8Array) {
  let ended = false;
  for (let i = 0; i + 5 <= message.length; ) {
    const type = message[i];
    const length = ((message[i + 1]! << 24) | (message[i + 2]! << 16) | (message[i + 3]! << 8) | message[i + 4]!) >>> 0;
    if (type === 0x45) counts.statements++;
    if (type === 0x50 || type === 0x51) note(new TextDecoder().decode(message.subarray(i + 5, i + 1 + length)).replace(/\0/g, ' '));
    if (type === 0x51) counts.statements += simpleStatements(new TextDecoder().decode(message.subarray(i + 5, i + 1 + length)));
    if (type === 0x53) ended = true;
    i += 1 + length;
  }
  if (ended) counts.roundTrips++;
}
const proto = PGlite.prototype as unknown as Record<string, (message: Uint8Array, ...rest: unknown[]) => unknown>;
for (const name of ['execProtocolStream', 'execProtocol']) {
  const original = proto[name]!;
  proto[name] = function counted(this: unknown, message: Uint8Array, ...rest: unknown[]) {
    countPgliteMessages(message);
    return original.call(this, message, ...rest);
  };
}

const port = Number(process.env.BENCH_DB_COUNT_PORT);
if (port) {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/recent') res.end(JSON.stringify(recent.splice(0)));
    else res.end(JSON.stringify(counts));
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
