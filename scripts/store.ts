/**
 * The command-line tool for store admins: `npm run store -- <command>` (see scripts/store/args.ts
 * for the usage text). Results go to stdout; the database line and errors go to stderr.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createStoreRepo } from '#server/features/stores/repo.ts';
import { hostIssues } from '#server/features/stores/service.ts';
import { parseCommand, USAGE } from './store/args.ts';
import { applyCommand, exportCommand, type HostCheck, type Io, listCommand, validateCommand, type WithDb } from './store/commands.ts';
import { connectDatabase, connectIfReachable } from './store/connect.ts';
import { oidcKeysRotateCommand } from './store/oidc-keys.ts';

const io: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

// The project root, so the migrations are found whatever the working directory.
const ROOT = resolve(import.meta.dirname, '..');

/** validate's host check: only against a database that is already there (connectIfReachable). */
const checkHostsIfReachable: HostCheck = async (settings) => {
  let connection: Awaited<ReturnType<typeof connectIfReachable>>;
  try {
    connection = await connectIfReachable(loadConfig(undefined, ROOT));
  } catch (err) {
    return { unchecked: `no database could be asked (${err instanceof Error ? err.message : String(err)})` };
  }
  if (!connection.database) return { unchecked: connection.reason };
  io.err(`database: ${connection.via}`);
  try {
    return { issues: await hostIssues(createStoreRepo(connection.database.db), settings) };
  } finally {
    await connection.database.close();
  }
};

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(argv);
  if (!parsed.ok) {
    if (parsed.error) io.err(`error: ${parsed.error}\n`);
    io.err(USAGE);
    return 2;
  }
  const { command } = parsed;
  if (command.name === 'help') {
    io.out(USAGE);
    return 0;
  }
  if (command.name === 'validate') return validateCommand(command.file, io, checkHostsIfReachable);

  const config = loadConfig(undefined, ROOT);
  const withDb: WithDb = async (fn) => {
    const { database, via } = await connectDatabase(config);
    io.err(`database: ${via}`);
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };
  switch (command.name) {
    case 'apply':
      return applyCommand(command.file, command.dryRun, io, withDb);
    case 'export':
      return exportCommand(command.storeId, io, withDb);
    case 'list':
      return listCommand(io, withDb);
    case 'oidc-keys-rotate':
      return oidcKeysRotateCommand(command.storeId, io, withDb);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    io.err(err instanceof ConfigError ? err.message : `error: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
