// The door of a server running on the embedded database (issue 19, defects 1 and 9; decision 0029).
// A real server boots on a data folder an older version left readable to all; then, as any process
// on this machine could: every port admin.json names (and the stores' port) is tried as a PostgreSQL
// server, a transaction is held wherever one can be, a request is left half sent on the admin door,
// the admin routes are asked through a proxy. The server must give none of them a database session,
// keep row-level security on for its own requests, answer /readyz at once, refuse the relayed
// request, and keep its folder its owner's alone.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '#server/app/boot.ts';
import { loadConfig } from '#server/base/config.ts';
import { runStoreCli } from '../../scripts/store/run.ts';

let dataDir: string;
let server: Awaited<ReturnType<typeof boot>>;
/** admin.json as written, read as any version wrote it. */
let adminJson: { pid: number; port?: number; http?: { port: number; token: string } };
const held: Array<() => void> = [];

const mode = (path: string) => statSync(path).mode & 0o777;

beforeAll(async () => {
  dataDir = join(await mkdtemp(join(tmpdir(), 'door-')), 'data');
  // What an older version left: a folder and files anyone on the machine may read.
  await mkdir(join(dataDir, 'payment-sandbox'), { recursive: true, mode: 0o755 });
  writeFileSync(join(dataDir, 'payment-sandbox', 'older.json'), '{}', { mode: 0o644 });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    PAYMENT_SANDBOX_PORT: '0',
    ID_SANDBOX_PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
  });
  const page = { statusCode: 200, headers: [['content-type', 'text/html']] as Array<[string, string]>, body: '<p>page</p>' };
  server = await boot({ config: { ...config, DATABASE_URL: undefined }, renderPage: async () => page });
  adminJson = JSON.parse(readFileSync(join(dataDir, 'admin.json'), 'utf8'));
}, 120_000);
afterAll(async () => {
  for (const release of held) release();
  await server?.shutdown('test');
  await rm(join(dataDir, '..'), { recursive: true, force: true });
});

/** GET with a Host header (fetch may not set one); status, body and how long it took. */
function get(path: string, host: string, timeoutMs = 15_000): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject).end();
  });
}

/** Every port a local process learns of: admin.json's and the stores' own. */
const knownPorts = () => [adminJson.port, adminJson.http?.port, server.port].filter((p): p is number => typeof p === 'number');

/** A PostgreSQL client on the port as the superuser with no password, or null when none is served there. */
async function sqlClient(port: number): Promise<pg.Client | null> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return client;
  } catch {
    await client.end().catch(() => undefined);
    return null;
  }
}

/** The public keys of a JWKS answer, each as one string. */
const keysOf = (jwks: string) => (JSON.parse(jwks) as { keys: unknown[] }).keys.map((k) => JSON.stringify(k)).sort();

describe('a server on the embedded database, as other processes on its machine see it', () => {
  it('makes its data folder and the files in it its owner’s alone, also what an older version left', () => {
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'payment-sandbox'))).toBe(0o700);
    expect(mode(join(dataDir, 'payment-sandbox', 'older.json'))).toBe(0o600);
    expect(mode(join(dataDir, 'admin.json'))).toBe(0o600);
    expect(mode(join(dataDir, 'pgdata'))).toBe(0o700);
    expect(mode(join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(0o600);
  });

  it('gives no client a database session, so none can leave the application’s role (RLS stays on)', async () => {
    const aozora = await get('/oidc/jwks', 'aozora.localhost');
    const kurenai = await get('/oidc/jwks', 'kurenai.localhost');
    expect([aozora.status, kurenai.status]).toEqual([200, 200]);
    const opened: number[] = [];
    for (const port of knownPorts()) {
      const client = await sqlClient(port);
      if (!client) continue;
      opened.push(port);
      // What a local user did: leave the application's role, for the server's one session.
      await client.query('reset role').catch(() => undefined);
      await client.end().catch(() => undefined);
    }
    expect(opened).toEqual([]);
    // The server's next request still sees its own store's rows only.
    const again = await get('/oidc/jwks', 'aozora.localhost');
    expect(again.status).toBe(200);
    expect(keysOf(again.body)).toEqual(keysOf(aozora.body));
    expect(keysOf(again.body)).not.toContain(keysOf(kurenai.body)[0]);
  });

  it('answers /readyz at once while other clients hold what they can (a transaction, half a request)', async () => {
    for (const port of knownPorts()) {
      const client = await sqlClient(port);
      if (!client) continue;
      await client.query('begin');
      await client.query('select count(*) from stores');
      held.push(() => void client.end().catch(() => undefined));
    }
    const door = adminJson.http;
    if (door) {
      // The token and half the body of a store document, then nothing more.
      const socket = connect({ host: '127.0.0.1', port: door.port });
      socket.on('error', () => undefined);
      await new Promise<void>((r) => socket.once('connect', () => r()));
      socket.write(
        `POST /_admin/stores/apply HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${door.token}\r\n` +
          'content-type: application/json\r\ncontent-length: 5000\r\n\r\n{"dryRun": false, "document": {',
      );
      held.push(() => socket.destroy());
    }
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 3; i++) {
      const ready = await get('/readyz', 'aozora.localhost', 5000);
      expect(ready.status).toBe(200);
      // The bound decision 0029 states: nothing a client holds delays the server's own queries.
      expect(ready.ms).toBeLessThan(1000);
    }
  });

  it('refuses the admin routes to a request a proxy relayed, with the right token (TRUST_PROXY=true)', async () => {
    const token = adminJson.http?.token ?? '';
    const run = (port: number) =>
      fetch(`http://127.0.0.1:${port}/_admin/billing/run`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ at: '2027-01-05T00:00:00.000Z', batchSize: 10, concurrency: 2 }),
      });
    // The stores' port, where the proxy relays the world, has no admin route at all.
    const stores = await run(server.port);
    expect(stores.status).toBe(404);
    expect(await stores.text()).not.toContain('summary');
    // The admin door, were a proxy pointed at it, refuses what is marked as relayed.
    if (adminJson.http) expect((await run(adminJson.http.port)).status).toBe(403);
  });

  it('lets the store tool do its work through the server, and leaves the folder private when it stops', async () => {
    let out = '';
    let err = '';
    const code = await runStoreCli(
      ['list'],
      { out: (l) => (out += `${l}\n`), err: (l) => (err += `${l}\n`) },
      { DATA_DIR: dataDir, SEED_DEMO_STORES: 'false' },
    );
    expect(err).toContain(`the running server's PGlite (pid ${process.pid})`);
    expect(code).toBe(0);
    expect(out).toMatch(/^aozora /m);
    for (const release of held.splice(0)) release();
    await server.shutdown('test');
    const loose: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (mode(path) !== 0o700) loose.push(`${path} ${mode(path).toString(8)}`);
          await walk(path);
        } else if (entry.isFile() && (mode(path) & 0o077) !== 0) loose.push(`${path} ${mode(path).toString(8)}`);
      }
    };
    await walk(dataDir);
    expect(loose).toEqual([]);
    expect(mode(dataDir)).toBe(0o700);
  });
});
