import type { AppConfig } from '#server/base/config.ts';
import { isProcessAlive, readAdminFile } from '#server/db/admin-file.ts';
import type { Database } from '#server/db/client.ts';
import { openDatabase } from '#server/db/open.ts';
import { type StoreAdmin, storeAdminOver } from '#server/platform/stores/admin.ts';
import { remoteStoreAdmin } from './remote.ts';

/** The store operations, where they run (`via`, one line on stderr), and how to let go. */
export type Connection = { admin: StoreAdmin; via: string; close(): Promise<void> };

/**
 * PostgreSQL when DATABASE_URL is set. Otherwise PGlite, which one process at a time may open:
 * when <DATA_DIR>/admin.json names a live server, that server does the work, asked over its admin
 * door (decision 0029); when none runs, the data folder itself (migrated).
 */
export async function connectDatabase(
  config: Pick<AppConfig, 'DATABASE_URL' | 'dataDir' | 'rootDir'> & Partial<Pick<AppConfig, 'PORT'>>,
): Promise<Connection> {
  if (config.DATABASE_URL) {
    const { database, via } = await openHere(config, '');
    return { admin: storeAdminOver(database.db, { serverPort: config.PORT }), via, close: () => database.close() };
  }
  const server = await findRunningServer(config.dataDir);
  if (server.running) {
    if (!server.http) throw new Error(`the server (pid ${server.pid}) holding ${config.dataDir} is still starting; try again in a moment`);
    return {
      admin: remoteStoreAdmin({ pid: server.pid, ...server.http }),
      via: `the running server's PGlite (pid ${server.pid}), asked over 127.0.0.1:${server.http.port}`,
      close: async () => {},
    };
  }
  const { database, via } = await openHere(config, server.reason);
  return { admin: storeAdminOver(database.db, { serverPort: config.PORT }), via, close: () => database.close() };
}

/**
 * The database opened by this process: DATABASE_URL's PostgreSQL, or the PGlite data folder when
 * no server holds it (`noServer` says why none does). For a command that works on the database
 * itself (the billing run on PostgreSQL or a folder no server holds).
 */
export async function openHere(
  config: Pick<AppConfig, 'DATABASE_URL' | 'dataDir' | 'rootDir'>,
  noServer: string,
): Promise<{ database: Database; via: string }> {
  const database = await openDatabase(config);
  const via = config.DATABASE_URL
    ? `PostgreSQL at ${describeUrl(config.DATABASE_URL)} (DATABASE_URL)`
    : `PGlite data folder ${config.dataDir} (${noServer})`;
  return { database, via };
}

/**
 * A database only if one is already there to ask: PostgreSQL when DATABASE_URL is set, or the
 * running server's PGlite. Unlike connectDatabase it never opens (and so creates) the data folder;
 * without either it answers why not, for `validate` to say the hosts were not checked.
 */
export async function connectIfReachable(
  config: Pick<AppConfig, 'DATABASE_URL' | 'dataDir' | 'rootDir'>,
): Promise<Connection | { admin: null; reason: string }> {
  if (config.DATABASE_URL) return connectDatabase(config);
  const server = await findRunningServer(config.dataDir);
  if (!server.running) return { admin: null, reason: `${server.reason} and DATABASE_URL is not set` };
  return connectDatabase(config);
}

type ServerProbe = { running: true; pid: number; http?: { port: number; token: string } } | { running: false; reason: string };

/**
 * The live server that holds the PGlite folder `dataDir`, from its admin.json, or why none does.
 * `http` (the admin door's port and token) is missing while the server is still starting.
 */
export async function findRunningServer(dataDir: string): Promise<ServerProbe> {
  const info = readAdminFile(dataDir);
  if (info === null) return { running: false, reason: 'no server running' };
  if (info === 'unreadable') return { running: false, reason: 'admin.json is unreadable; no server assumed' };
  if (!isProcessAlive(info.pid)) return { running: false, reason: `stale admin.json: pid ${info.pid} is not running` };
  if (info.http && !(await doorAnswers(info.http.port))) {
    return { running: false, reason: `stale admin.json: port ${info.http.port} does not answer` };
  }
  return { running: true, pid: info.pid, http: info.http };
}

/** Whether something answers HTTP on the port (the door answers 403 without the token). */
async function doorAnswers(port: number, timeoutMs = 2000): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
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
