// The running server's PGlite seen through its loopback socket (decision 0004), as the store tool
// reaches it: PGlite is one session, shared by the server's own queries and the socket's client. A
// transaction the client opened must stay the client's alone until it ends (decision 0028):
// neither run by nor rolled back with the server's work that comes meanwhile.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { serveSocket } from '#server/db/pglite-socket.ts';
import { acrossStores } from '#server/db/scope.ts';
import { openMigratedPglite } from '../helpers/test-db.ts';

let database: Database;
let socket: Awaited<ReturnType<typeof serveSocket>>;
let client: pg.Client;

beforeAll(async () => {
  database = await openMigratedPglite();
  socket = await serveSocket(database, 0);
  client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${socket.port}/postgres` });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await socket?.stop();
  await database?.close();
});

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const names = async () =>
  rowsOf(
    await acrossStores(() => database.db.execute(sql`select name from app_secrets where name like 'gate-%' order by name`), 'store_admin'),
  );

it("keeps the server's transactions out of a transaction the socket's client has open", async () => {
  await client.query('begin');
  await client.query(`select set_config('role', 'store_admin', true)`);
  await client.query(`insert into app_secrets (name, value) values ('gate-client', 'x')`);
  // The server's own work meanwhile: a transaction that fails (and rolls back), and a plain query.
  const failing = acrossStores(
    () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into app_secrets (name, value) values ('gate-server', 'y')`);
        throw new Error('the server gives up');
      }),
    'store_admin',
  ).catch((err: Error) => err.message);
  const role = database.db.execute(sql`select current_user as role`);
  await new Promise((r) => setTimeout(r, 50));
  await client.query(`insert into app_secrets (name, value) values ('gate-client-2', 'x')`);
  await client.query('commit');
  expect(await failing).toBe('the server gives up');
  // The server's query ran as the server's role, not as the role the client's transaction took.
  expect(rowsOf(await role)).toEqual([{ role: 'store_app' }]);
  // Both of the client's rows are there; the server's rolled-back row is not.
  expect(await names()).toEqual([{ name: 'gate-client' }, { name: 'gate-client-2' }]);
});

it('ends the transaction of a client that goes away, and the server carries on', async () => {
  const other = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${socket.port}/postgres` });
  other.on('error', () => undefined); // its connection is cut below, on purpose
  await client.end();
  await other.connect();
  await other.query('begin');
  await other.query(`select set_config('role', 'store_admin', true)`);
  await other.query(`insert into app_secrets (name, value) values ('gate-gone', 'x')`);
  const waiting = database.db.execute(sql`select 1 as one`);
  other.connection.stream.destroy();
  expect(rowsOf(await waiting)).toEqual([{ one: 1 }]);
  expect(await names()).not.toContainEqual({ name: 'gate-gone' });
  client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${socket.port}/postgres` });
  await client.connect();
  expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
});

/** A raw protocol client: the startup message, then whatever messages a test sends. */
async function rawClient(port: number) {
  const { connect } = await import('node:net');
  const sock = connect({ host: '127.0.0.1', port });
  let received = Buffer.alloc(0);
  sock.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
  });
  sock.on('error', () => undefined);
  const readyCount = () => [...received.entries()].filter(([i, b]) => b === 0x5a && received.readInt32BE(i + 1) === 5).length;
  const untilReady = async (n: number) => {
    for (let i = 0; i < 200 && readyCount() < n; i++) await new Promise((r) => setTimeout(r, 10));
  };
  const message = (type: string, body: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(type, 0, 'latin1');
    head.writeInt32BE(4 + body.length, 1);
    return Buffer.concat([head, body]);
  };
  await new Promise<void>((done) => sock.once('connect', () => done()));
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8 + params.length, 0);
  startup.writeInt32BE(196608, 4);
  sock.write(Buffer.concat([startup, params]));
  await untilReady(1);
  return {
    parse: (text: string) => sock.write(message('P', Buffer.concat([Buffer.from(`\0${text}\0`), Buffer.alloc(2)]))),
    sync: () => sock.write(message('S', Buffer.alloc(0))),
    untilReady,
    destroy: () => sock.destroy(),
  };
}

const settled = async (p: Promise<unknown>, ms = 150) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

it("keeps the server's queries from between a statement's Parse and its Sync, and lets go when the client leaves", async () => {
  await client.end();
  const raw = await rawClient(socket.port);
  raw.parse('select 1');
  await new Promise((r) => setTimeout(r, 50));
  // The client's statement is half sent: the server's query waits for it.
  const first = database.db.execute(sql`select 42 as n`);
  expect(await settled(first)).toBe(false);
  raw.sync();
  await raw.untilReady(2);
  expect(rowsOf(await first)).toEqual([{ n: 42 }]);
  // Half a statement again, and the client goes away: the server's query runs.
  raw.parse('select 2');
  await new Promise((r) => setTimeout(r, 50));
  const second = database.db.execute(sql`select 43 as n`);
  expect(await settled(second)).toBe(false);
  raw.destroy();
  expect(rowsOf(await second)).toEqual([{ n: 43 }]);
  client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${socket.port}/postgres` });
  await client.connect();
});
