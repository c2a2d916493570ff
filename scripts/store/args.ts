import { parseArgs } from 'node:util';

export type Command =
  | { name: 'help' }
  | { name: 'validate'; file: string }
  | { name: 'apply'; file: string; dryRun: boolean }
  | { name: 'export'; storeId: string }
  | { name: 'list' }
  | { name: 'oidc-keys-rotate'; storeId: string };

export type ParsedArgs = { ok: true; command: Command } | { ok: false; error: string | null };

export const USAGE = `Usage: npm run store -- <command>

Commands:
  validate <file>            Check a tenant document against config-schema, and its hosts
                             against the other stores when a database is reachable
                             (DATABASE_URL or a running server; says so when none is).
  apply <file> [--dry-run]   Validate and store a tenant document; prints what changes.
                             --dry-run shows the changes without saving them.
  export <storeId>           Print the stored document as JSON (apply it back for no changes).
  list                       Show every store: id, service name, hosts, revision, updated at.
  oidc-keys rotate <storeId> Make a new OpenID signing key for the store; the earlier keys stay
                             in its JWKS, so tokens already issued still verify.
  --help, -h                 Show this text.

Database: PostgreSQL when DATABASE_URL is set; otherwise the running server's PGlite (the
server does the work, asked with the token in <DATA_DIR>/admin.json), or the PGlite folder in
DATA_DIR when no server runs.
Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

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
        ? { ok: true, command: { name, file, dryRun: values['dry-run'] === true } }
        : { ok: true, command: { name, file } };
    }
    case 'export': {
      const storeId = one('<storeId>');
      if (storeId instanceof Error) return { ok: false, error: storeId.message };
      return { ok: true, command: { name, storeId } };
    }
    case 'list':
      return rest.length === 0 ? { ok: true, command: { name } } : { ok: false, error: 'list takes no arguments' };
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
    options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
}
