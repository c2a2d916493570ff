import { join } from 'node:path';
import type { AppConfig } from '#server/config.ts';
import { type Database, openPglite, openPostgres, type PostgresOptions } from './client.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR; migrated either way. */
export async function openDatabase(
  config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'dataDir' | 'rootDir'>,
  opts: Pick<PostgresOptions, 'onError' | 'onQuery'> = {},
): Promise<Database> {
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, { ...opts, ownerUrl: config.DATABASE_OWNER_URL })
    : await openPglite(config.dataDir, undefined, { onQuery: opts.onQuery });
  await database.migrate(join(config.rootDir, 'server', 'db', 'migrations'));
  return database;
}
