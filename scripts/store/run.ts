import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '#server/base/config.ts';
import { parseCommand, USAGE } from './args.ts';
import { applyCommand, exportCommand, type HostCheck, type Io, listCommand, validateCommand, type WithAdmin } from './commands.ts';
import { connectDatabase, connectIfReachable } from './connect.ts';
import { adminLanguage } from './messages.ts';
import { oidcKeysRotateCommand } from './oidc-keys.ts';
import { previewCommand } from './preview.ts';
import { diffCommand, historyCommand, revisionMeta, rollbackCommand } from './revisions.ts';

// The project root, so the migrations are found whatever the working directory.
const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The whole store tool for one command line: argv without the node and script names, io for the
 * result lines (out) and the database line and errors (err), env for the configuration. Answers
 * the exit code; it never throws. scripts/store.ts runs it for the process, tests in-process.
 */
export async function runStoreCli(argv: string[], io: Io, env: Record<string, string | undefined> = process.env): Promise<number> {
  try {
    return await run(argv, io, env);
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : `error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

async function run(argv: string[], io: Io, env: Record<string, string | undefined>): Promise<number> {
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
  const lang = adminLanguage(env);
  const output = (json: boolean) => ({ lang, json });
  if (command.name === 'validate') return validateCommand(command.file, io, hostCheckIfReachable(io, env), output(command.json));

  const config = loadConfig(env, ROOT);
  const withAdmin: WithAdmin = async (fn) => {
    const connection = await connectDatabase(config);
    io.err(`database: ${connection.via}`);
    try {
      return await fn(connection.admin);
    } finally {
      await connection.close();
    }
  };
  switch (command.name) {
    case 'apply':
      return applyCommand(command.file, command.dryRun, io, withAdmin, output(command.json), revisionMeta(command.meta, env));
    case 'export':
      return exportCommand(command.storeId, command.output, io, withAdmin, output(false), command.revision);
    case 'history':
      return historyCommand(command.storeId, io, withAdmin, output(command.json));
    case 'diff':
      return diffCommand(command.storeId, command.from, command.to, io, withAdmin, output(command.json));
    case 'rollback':
      return rollbackCommand(
        command.storeId,
        command.revision,
        command.dryRun,
        revisionMeta(command.meta, env),
        io,
        withAdmin,
        output(command.json),
      );
    case 'preview':
      return previewCommand(
        command.file,
        command.ttlSeconds,
        revisionMeta({ author: command.author, message: null }, env).author,
        io,
        withAdmin,
        output(command.json),
      );
    case 'list':
      return listCommand(io, withAdmin, output(command.json));
    case 'oidc-keys-rotate':
      return oidcKeysRotateCommand(command.storeId, io, withAdmin);
  }
}

/** validate's database check (hosts, dropped plans): only against a database that is already there (connectIfReachable). */
function hostCheckIfReachable(io: Io, env: Record<string, string | undefined>): HostCheck {
  return async (settings) => {
    let connection: Awaited<ReturnType<typeof connectIfReachable>>;
    try {
      connection = await connectIfReachable(loadConfig(env, ROOT));
    } catch (err) {
      return { unchecked: `no database could be asked (${err instanceof Error ? err.message : String(err)})` };
    }
    if (!connection.admin) return { unchecked: connection.reason };
    io.err(`database: ${connection.via}`);
    try {
      return { issues: await connection.admin.storedIssues(settings) };
    } finally {
      await connection.close();
    }
  };
}
