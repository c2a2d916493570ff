import { parseArgs } from 'node:util';

export type Command =
  | { name: 'help' }
  | { name: 'validate'; file: string; json: boolean }
  | { name: 'apply'; file: string; dryRun: boolean; json: boolean }
  | { name: 'export'; storeId: string; output: string | null }
  | { name: 'list'; json: boolean }
  | { name: 'oidc-keys-rotate'; storeId: string };

export type ParsedArgs = { ok: true; command: Command } | { ok: false; error: string | null };

export const USAGE = `Usage: npm run store -- <command>

Commands:
  validate <file> [--json]   Check a tenant document against config-schema, and its hosts
                             against the other stores when a database is reachable
                             (DATABASE_URL or a running server; says so when none is).
  apply <file> [--dry-run] [--json]
                             Validate and store a tenant document; prints what changes.
                             --dry-run shows the changes without saving them.
  export <storeId> [-o <file>]
                             Print the stored document as JSON (apply it back for no changes);
                             -o writes it to the file instead (nothing else gets in).
  list [--json]              Show every store: id, service name, hosts, revision, updated at.
  oidc-keys rotate <storeId> Make a new OpenID signing key for the store; the earlier keys stay
                             in its JWKS, so tokens already issued still verify.
  --json                     One JSON value on stdout instead of the lines for people.
  --help, -h                 Show this text.

Database: PostgreSQL when DATABASE_URL is set; otherwise the running server's PGlite (the
server does the work, asked with the token in <DATA_DIR>/admin.json), or the PGlite folder in
DATA_DIR when no server runs.
Messages are in Japanese when the locale (LC_ALL, LC_MESSAGES or LANG) is Japanese.
Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

/** The commands that answer one JSON value with --json. */
const JSON_COMMANDS = ['list', 'validate', 'apply'];

/** Turns argv (without node and the script) into a command; error null means "no command given". */
export function parseCommand(argv: string[]): ParsedArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { ok: true, command: { name: 'help' } };
  const [name, ...rest] = positionals;
  if (name === undefined) return { ok: false, error: null };
  if (values['dry-run'] && name !== 'apply') return { ok: false, error: '--dry-run only goes with apply' };
  const json = values.json === true;
  if (json && !JSON_COMMANDS.includes(name)) return { ok: false, error: `--json goes with ${JSON_COMMANDS.join(', ')}` };
  if (values.output !== undefined && name !== 'export') return { ok: false, error: '-o only goes with export' };
  if (values.output === '') return { ok: false, error: '-o needs a file name' };
  const one = (what: string): string | Error => {
    if (rest.length !== 1 || !rest[0]) return new Error(`${name} needs exactly one ${what}`);
    return rest[0];
  };
  switch (name) {
    case 'validate':
    case 'apply': {
      const file = one('<file>');
      if (file instanceof Error) return { ok: false, error: file.message };
      return name === 'apply'
        ? { ok: true, command: { name, file, dryRun: values['dry-run'] === true, json } }
        : { ok: true, command: { name, file, json } };
    }
    case 'export': {
      const storeId = one('<storeId>');
      if (storeId instanceof Error) return { ok: false, error: storeId.message };
      return { ok: true, command: { name, storeId, output: values.output ?? null } };
    }
    case 'list':
      return rest.length === 0 ? { ok: true, command: { name, json } } : { ok: false, error: 'list takes no arguments' };
    case 'oidc-keys': {
      const [action, storeId, ...more] = rest;
      if (action !== 'rotate' || !storeId || more.length > 0) return { ok: false, error: 'oidc-keys needs: rotate <storeId>' };
      return { ok: true, command: { name: 'oidc-keys-rotate', storeId } };
    }
    default:
      return { ok: false, error: `unknown command "${name}"` };
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
