import { join } from 'node:path';
import { type AppConfig, ConfigError } from '#server/base/config.ts';
import { type Database, openPglite, openPostgres, type PostgresOptions } from './client.ts';
import { pendingMigrations } from './migration-state.ts';

export const migrationsFolder = (rootDir: string) => join(rootDir, 'server', 'db', 'migrations');

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. Migrated unless
 * MIGRATE_ON_START is false; then a schema that lacks a migration of this version is refused
 * (decision 0032): a deployment migrates once (`npm run migrate`), then starts its processes.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'dataDir' | 'rootDir'> &
    Partial<Pick<AppConfig, 'MIGRATE_ON_START' | 'DIRECT_DATABASE_URL'>>,
  opts: Pick<PostgresOptions, 'onError' | 'onQuery'> = {},
): Promise<Database> {
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, { ...opts, ownerUrl: config.DATABASE_OWNER_URL, directUrl: config.DIRECT_DATABASE_URL })
    : await openPglite(config.dataDir, undefined, { onQuery: opts.onQuery });
  const folder = migrationsFolder(config.rootDir);
  try {
    if (config.MIGRATE_ON_START ?? true) {
      await database.migrate(folder);
    } else {
      const pending = pendingMigrations(folder, await database.lastAppliedMigration());
      if (pending.length > 0) {
        throw new ConfigError(
          `The database schema is behind this version (${pending.length} migration(s) not applied: ${pending.join(', ')}); run \`npm run migrate\` first, or start with MIGRATE_ON_START=true`,
        );
      }
    }
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}
