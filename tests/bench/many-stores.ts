/**
 * Memory with many stores: generates `count` store documents from tenants/*.json (new store ids
 * and hosts), applies them the way `npm run store` does (DATABASE_URL, or asking the running
 * server on PGlite over its admin door), requests each store's home page
 * once, and reads the server's heap before and after.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectDatabase } from '../../scripts/store/connect.ts';
import { getAsHost, ROOT } from '../e2e/server-process.ts';
import type { HeapFigure } from './heap.ts';

export type ManyStoresResult = {
  stores: number;
  applySeconds: number;
  requestSeconds: number;
  non200: number;
  before: HeapFigure;
  after: HeapFigure;
  heapUsedPerStoreBytes: number;
};

export async function applyManyStores(opts: {
  count: number;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  heap: () => Promise<HeapFigure>;
}): Promise<ManyStoresResult> {
  const templates = readdirSync(join(ROOT, 'tenants'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(ROOT, 'tenants', f), 'utf8')) as Record<string, unknown>);
  const before = await opts.heap();
  const t0 = Date.now();
  const connection = await connectDatabase({ DATABASE_URL: opts.databaseUrl, dataDir: opts.dataDir, rootDir: ROOT });
  const hosts: string[] = [];
  try {
    for (let i = 0; i < opts.count; i++) {
      const id = `bench-${String(i).padStart(5, '0')}`;
      const host = `${id}.localhost`;
      const doc = { ...templates[i % templates.length], storeId: id, hosts: [host] };
      const result = await connection.admin.apply(doc, false);
      if (!result.ok) throw new Error(`store ${id}: ${result.issues.map((x) => `${x.path} ${x.message}`).join('; ')}`);
      hosts.push(host);
    }
  } finally {
    await connection.close();
  }
  const t1 = Date.now();
  let non200 = 0;
  for (const host of hosts) {
    const res = await getAsHost(opts.port, host, '/');
    if (res.status !== 200) non200++;
  }
  const t2 = Date.now();
  const after = await opts.heap();
  return {
    stores: opts.count,
    applySeconds: (t1 - t0) / 1000,
    requestSeconds: (t2 - t1) / 1000,
    non200,
    before,
    after,
    heapUsedPerStoreBytes: Math.round((after.heapUsedBytes - before.heapUsedBytes) / opts.count),
  };
}
