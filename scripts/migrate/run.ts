import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '#server/base/config.ts';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { journalEntries, pendingMigrations } from '#server/db/migration-state.ts';
import { migrationsFolder } from '#server/db/open.ts';
import { describeUrl, findRunningServer } from '../store/connect.ts';

// The project root, so the migrations are found whatever the working directory.
const ROOT = resolve(import.meta.dirname, '..', '..');

type Io = { out(line: string): void; err(line: string): void };

/**
 * `npm run migrate`: applies the pending migrations and exits (decision 0032), for a deployment
 * that migrates once and then starts its processes with MIGRATE_ON_START=false. On PostgreSQL it
 * takes the same advisory lock as a starting server; the embedded database is refused while a
 * server holds its folder. Answers the exit code; it never throws.
 */
export async function runMigrate(io: Io, env: Record<string, string | undefined> = process.env, rootDir = ROOT): Promise<number> {
  try {
    const config = loadConfig(env, rootDir);
    let via: string;
    if (config.DATABASE_URL) {
      via = `PostgreSQL at ${describeUrl(config.DATABASE_OWNER_URL ?? config.DATABASE_URL)}`;
    } else {
      const server = await findRunningServer(config.dataDir);
      if (server.running) {
        io.err(`error: DATA_DIR ${config.dataDir} is in use by a running server (pid ${server.pid}), which migrated at its start`);
        return 1;
      }
      via = `PGlite data folder ${config.dataDir}`;
    }
    const database = config.DATABASE_URL
      ? await openPostgres(config.DATABASE_URL, { poolSize: 1, ownerUrl: config.DATABASE_OWNER_URL, directUrl: config.DIRECT_DATABASE_URL })
      : await openPglite(config.dataDir);
    try {
      const folder = migrationsFolder(rootDir);
      const pending = pendingMigrations(folder, await database.lastAppliedMigration());
      await database.migrate(folder);
      const left = pendingMigrations(folder, await database.lastAppliedMigration());
      if (left.length > 0) throw new Error(`still not applied after the run: ${left.join(', ')}`);
      const newest = journalEntries(folder).at(-1)?.tag ?? 'none';
      io.out(`${via}: ${pending.length === 0 ? 'nothing to apply' : `applied ${pending.join(', ')}`}; schema up to date (${newest})`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : `error: migration failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}
