import { connect as tcpConnect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '#server/config.ts';
import { type AdminFile, isProcessAlive, readAdminFile } from '#server/db/admin-file.ts';
import { type Database, openPostgres } from '#server/db/client.ts';
import { openDatabase } from '#server/db/open.ts';

export type Connection = { database: Database; via: string };

/**
 * PostgreSQL when DATABASE_URL is set. Otherwise PGlite, which one process at a time may open:
 * through the running server's socket when <DATA_DIR>/admin.json names a live server, or the
 * data folder itself (migrated) when none runs. `via` says which, for one line on stderr.
 */
export async function connectDatabase(config: Pick<AppConfig, 'DATABASE_URL' | 'dataDir' | 'rootDir'>): Promise<Connection> {
  if (config.DATABASE_URL) {
    return { database: await openDatabase(config), via: `PostgreSQL at ${describeUrl(config.DATABASE_URL)} (DATABASE_URL)` };
  }
  const server = await findRunningServer(config.dataDir);
  if (server.running) {
    return {
      database: await openSocket(server.pid, server.port),
      via: `running server's PGlite through 127.0.0.1:${server.port} (pid ${server.pid})`,
    };
  }
  return { database: await openDatabase(config), via: `PGlite data folder ${config.dataDir} (${server.reason})` };
}

/**
 * A database only if one is already there to ask: PostgreSQL when DATABASE_URL is set, or the
 * running server's PGlite. Unlike connectDatabase it never opens (and so creates) the data folder;
 * without either it answers why not, for `validate` to say the hosts were not checked.
 */
export async function connectIfReachable(
  config: Pick<AppConfig, 'DATABASE_URL' | 'dataDir' | 'rootDir'>,
): Promise<Connection | { database: null; reason: string }> {
  if (config.DATABASE_URL) return connectDatabase(config);
  const server = await findRunningServer(config.dataDir);
  if (!server.running) return { database: null, reason: `${server.reason} and DATABASE_URL is not set` };
  return connectDatabase(config);
}

type ServerProbe = ({ running: true } & AdminFile) | { running: false; reason: string };

/** The live server that holds the PGlite folder `dataDir`, from its admin.json, or why none does. */
export async function findRunningServer(dataDir: string): Promise<ServerProbe> {
  const info = readAdminFile(dataDir);
  if (info === null) return { running: false, reason: 'no server running' };
  if (info === 'unreadable') return { running: false, reason: 'admin.json is unreadable; no server assumed' };
  if (!isProcessAlive(info.pid)) return { running: false, reason: `stale admin.json: pid ${info.pid} is not running` };
  if (!(await portAnswers(info.port))) return { running: false, reason: `stale admin.json: port ${info.port} does not answer` };
  return { running: true, ...info };
}

/** Opens and closes a TCP connection; resolves once the socket is fully closed again. */
function portAnswers(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.once('connect', () => {
      answered = true;
      socket.end();
    });
    socket.once('error', () => {});
    socket.once('close', () => resolve(answered));
  });
}

/**
 * The socket server accepts one connection at a time (pglite-socket's default), so the pool
 * holds one. The probe above may still occupy that slot for a moment, hence the retries.
 */
async function openSocket(pid: number, port: number): Promise<Database> {
  const database = await openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { poolSize: 1 });
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await database.db.execute(sql`select 1`);
      return database;
    } catch (e) {
      lastError = e;
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
    }
  }
  await database.close().catch(() => {});
  throw new Error(
    `the running server (pid ${pid}) answers on 127.0.0.1:${port} but refused the connection ` +
      `(${(lastError as Error).message}); another admin connection may be open, try again`,
  );
}

/** host:port/database of a postgres URL, without the credentials. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
