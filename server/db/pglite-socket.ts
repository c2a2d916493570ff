// The running server's PGlite on a loopback port (decision 0004), for the store tool: PGlite is one
// session, shared by the server's own queries and the one client of the socket. pglite-socket
// runs each of the client's protocol messages under PGlite's query lock only, so the server's own
// work could run between two of them: inside a transaction the client has open (as the role that
// transaction took), a server transaction's ROLLBACK taking the client's rows with it, or its
// COMMIT ending the client's transaction half-way; or between the Parse and the Sync of one
// statement. Decision 0028: the client's work holds PGlite's transaction lock (the one every
// in-process query and transaction takes) from its first message until it is idle again, that is
// after a simple query or a Sync that leaves no transaction open, or when the client goes away.
import type { AddressInfo, Server, Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.ts';

/** The parts of PGlite that pglite-socket's server uses. */
type SocketDb = Pick<PGlite, 'waitReady' | 'isInTransaction' | 'runExclusive' | 'execProtocolRawStream' | 'exec'>;

/** PGlite's lock around every in-process query and transaction (not part of its typed API). */
type TransactionLock = { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };

/** Message types after which a client that has no transaction open is idle: simple query, Sync, Terminate. */
const ENDS_WORK = new Set(['Q', 'S', 'X'].map((c) => c.charCodeAt(0)));

/** A simple-query protocol message ('Q', length, text, NUL). */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

export function gatedSocketDb(pglite: PGlite): SocketDb & { clientGone(): void } {
  const lock = pglite as unknown as TransactionLock;
  /** Releases the transaction lock while the client's work holds it. */
  let held: (() => void) | null = null;
  /** Whether the client's last message leaves it idle when no transaction is open. */
  let idleAfter = true;
  const take = () =>
    new Promise<() => void>((entered) => {
      void lock._runExclusiveTransaction(() => new Promise<void>((release) => entered(release)));
    });
  const releaseIfIdle = () => {
    if (held && idleAfter && !pglite.isInTransaction()) {
      const release = held;
      held = null;
      release();
    }
  };
  const withLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!held) held = await take();
    try {
      return await fn();
    } finally {
      releaseIfIdle();
    }
  };
  return {
    get waitReady() {
      return pglite.waitReady;
    },
    isInTransaction: () => pglite.isInTransaction(),
    runExclusive: (fn) => withLock(() => pglite.runExclusive(fn)),
    execProtocolRawStream: (message, options) => {
      // The startup message has no type byte (it begins with its length's zero high byte).
      idleAfter = message[0] === 0 || ENDS_WORK.has(message[0] ?? 0);
      return pglite.execProtocolRawStream(message, options);
    },
    // pglite-socket's one other use: ROLLBACK for a client that went away inside a transaction.
    exec: async (query) => {
      idleAfter = true;
      await withLock(() => pglite.runExclusive(() => pglite.execProtocolRaw(simpleQuery(query))));
      return [];
    },
    /** The client's connection closed: outside a transaction it holds nothing any more. */
    clientGone: () => {
      idleAfter = true;
      releaseIfIdle();
    },
  };
}

export async function serveSocket(database: Database, port: number): Promise<{ port: number; stop(): Promise<void> }> {
  if (!database.pglite) throw new Error('only an embedded database is served on a socket');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = gatedSocketDb(database.pglite);
  const srv = new PGLiteSocketServer({ db: db as unknown as PGlite, port, host: '127.0.0.1' });
  await srv.start();
  const server = (srv as unknown as { server: Server }).server;
  // One client at a time (pglite-socket's default; a second is turned away, and its closing must not
  // count). Inside a transaction, pglite-socket rolls back for a client that went away (through
  // exec above), and that releases the lock.
  server.on('connection', (socket: Socket) =>
    socket.once('close', () => server.getConnections((err, open) => (err || open === 0 ? db.clientGone() : undefined))),
  );
  return { port: (server.address() as AddressInfo).port, stop: () => srv.stop() };
}
