/**
 * What a flood of unknown host names costs the server: the real app (createApp over an in-memory
 * PGlite) answers `hosts` requests, each with a new random `Host`, through
 * `app.request`; the heap is measured after a full garbage collection before and after, and
 * every statement that reached the database meanwhile is counted. A measurement, never a test.
 *
 *   node tests/bench/unknown-hosts.ts [hosts]      (default 100000)
 *
 * The server code uses Lingui macros, which plain Node cannot load, so the modules are loaded
 * through Vite with the same plugins as the server build (docs/decisions/0002).
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ROOT, serverModuleLoader } from './server-modules.ts';

const MiB = 1024 * 1024;

export type UnknownHostsOptions = {
  /** How many requests, each with a new random host name (default 100,000). */
  hosts?: number;
  /** Requests in flight at once (default 50). */
  concurrency?: number;
};

export type UnknownHostsResult = { hosts: number; heapUsedBeforeMiB: number; heapUsedAfterMiB: number; queries: number };

/** A full collection: the process's own gc when node ran with --expose-gc, else one made available now. */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export async function unknownHostsHeap(opts: UnknownHostsOptions = {}): Promise<UnknownHostsResult> {
  const hosts = opts.hosts ?? 100_000;
  const concurrency = opts.concurrency ?? 50;
  const gc = collector();
  const vite = await serverModuleLoader();
  const { load } = vite;
  const { createApp } = await load('/server/app/app.ts');
  const { createServices } = await load('/server/app/composition.ts');
  const { loadConfig } = await load('/server/base/config.ts');
  const { createLogger } = await load('/server/base/logger.ts');
  const { createTestDatabase } = await load('/tests/helpers/test-db.ts');

  const database = await createTestDatabase();
  try {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO_STORES: 'false' }, ROOT);
    const log = createLogger('error', {}, () => {});
    const { app } = createApp({ services: createServices({ config, db: database.db, log }), database, log });

    // Every statement that reaches PGlite (a transaction counts once).
    let queries = 0;
    const pglite = database.pglite as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => unknown>;
    for (const name of ['query', 'exec', 'transaction'] as const) {
      const original = pglite[name].bind(pglite);
      pglite[name] = (...args: unknown[]) => {
        queries++;
        return original(...args);
      };
    }

    const unknownHost = () => `${randomBytes(8).toString('hex')}.unknown.example`;
    const send = async (count: number) => {
      for (let sent = 0; sent < count; ) {
        const batch = Math.min(concurrency, count - sent);
        const answers = await Promise.all(Array.from({ length: batch }, () => app.request('/', { headers: { host: unknownHost() } })));
        for (const res of answers) {
          if (res.status !== 404) throw new Error(`an unknown host was answered ${res.status}`);
          await res.arrayBuffer();
        }
        sent += batch;
      }
    };

    // Warm up: the unknown-host path is loaded and compiled before measuring.
    await send(1_000);
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    queries = 0;
    await send(hosts);
    gc();
    gc();
    const after = process.memoryUsage().heapUsed;
    const round = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;
    return { hosts, heapUsedBeforeMiB: round(before), heapUsedAfterMiB: round(after), queries };
  } finally {
    await database.drop();
    await vite.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const hosts = process.argv[2] ? Number(process.argv[2]) : undefined;
  const r = await unknownHostsHeap({ hosts });
  process.stdout.write(
    `${r.hosts} requests with unknown hosts: heap ${r.heapUsedBeforeMiB} MiB before, ${r.heapUsedAfterMiB} MiB after ` +
      `(+${Math.round((r.heapUsedAfterMiB - r.heapUsedBeforeMiB) * 10) / 10} MiB), ${r.queries} database queries\n`,
  );
}
