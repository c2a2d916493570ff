import { parseArgs } from 'node:util';

export type Command =
  | { name: 'help' }
  | { name: 'validate'; file: string; json: boolean }
  | { name: 'apply'; file: string; dryRun: boolean; json: boolean; meta: MetaArgs }
  | { name: 'export'; storeId: string; output: string | null; revision: number | null }
  | { name: 'history'; storeId: string; json: boolean }
  | { name: 'diff'; storeId: string; from: number | null; to: number | null; json: boolean }
  | { name: 'rollback'; storeId: string; revision: number; dryRun: boolean; json: boolean; meta: MetaArgs }
  | { name: 'preview'; file: string; ttlSeconds: number; json: boolean; author: string | null }
  | { name: 'list'; json: boolean }
  | { name: 'oidc-keys-rotate'; storeId: string };

/** --author and --message of apply and rollback; author null: the OS user. */
export type MetaArgs = { author: string | null; message: string | null };

export type ParsedArgs = { ok: true; command: Command } | { ok: false; error: string | null };

export const USAGE = `Usage: npm run store -- <command>

Commands:
  validate <file> [--json]   Check a tenant document against config-schema, and its hosts
                             against the other stores when a database is reachable
                             (DATABASE_URL or a running server; says so when none is).
  apply <file> [--dry-run] [--json] [--author <name>] [--message <text>]
                             Validate and store a tenant document as a new revision; prints
                             what changes. --dry-run shows the changes without saving them.
                             The revision keeps who applied it (--author, else the OS user).
  preview <file> [--ttl <time>] [--json] [--author <name>]
                             Validate a draft as apply does and serve it, beside the live store
                             and without changing it, at a private address that only its token
                             opens, for --ttl (e.g. 30m, 2h, 1d; default 60m, at most 7d).
                             Browsing only: sign-ups, logins and purchases are refused.
  export <storeId> [--revision <n>] [-o <file>]
                             Print the stored document (or revision n) as JSON (apply it back
                             for no changes); -o writes it to the file instead.
  history <storeId> [--json] Every kept revision: number, time, author, message.
  diff <storeId> [<revA> [<revB>]] [--json]
                             What changed from revA to revB (keyed, as apply prints it); without
                             revB: to the current one; without revisions: the last change.
  rollback <storeId> <revision> [--dry-run] [--json] [--author <name>] [--message <text>]
                             Apply revision's document again, as a new revision, under the same
                             checks as apply (hosts, plans with live subscriptions).
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
const JSON_COMMANDS = ['list', 'validate', 'apply', 'history', 'diff', 'rollback', 'preview'];

/** --ttl: minutes, hours or days (30m, 2h, 1d), from one minute to 7 days; null when it is not one. */
export function ttlSeconds(text: string): number | null {
  const m = /^([1-9]\d{0,5})(m|h|d)$/.exec(text);
  if (!m) return null;
  const seconds = Number(m[1]) * { m: 60, h: 3600, d: 86400 }[m[2] as 'm' | 'h' | 'd'];
  return seconds <= 7 * 86400 ? seconds : null;
}

const revisionNumber = (text: string): number | null => (/^[1-9]\d{0,8}$/.test(text) ? Number(text) : null);

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
  if (values['dry-run'] && name !== 'apply' && name !== 'rollback')
    return { ok: false, error: '--dry-run only goes with apply and rollback' };
  if (values.message !== undefined && name !== 'apply' && name !== 'rollback') {
    return { ok: false, error: '--message only goes with apply and rollback' };
  }
  if (values.author !== undefined && name !== 'apply' && name !== 'rollback' && name !== 'preview') {
    return { ok: false, error: '--author only goes with apply, rollback and preview' };
  }
  if (values.ttl !== undefined && name !== 'preview') return { ok: false, error: '--ttl only goes with preview' };
  if (values.author === '') return { ok: false, error: '--author needs a name' };
  if (values.revision !== undefined && name !== 'export') return { ok: false, error: '--revision only goes with export' };
  const meta: MetaArgs = { author: values.author ?? null, message: values.message ?? null };
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
        ? { ok: true, command: { name, file, dryRun: values['dry-run'] === true, json, meta } }
        : { ok: true, command: { name, file, json } };
    }
    case 'preview': {
      const file = one('<file>');
      if (file instanceof Error) return { ok: false, error: file.message };
      const ttl = values.ttl === undefined ? 3600 : ttlSeconds(values.ttl);
      if (ttl === null) return { ok: false, error: `--ttl needs a time like 30m, 2h or 1d (at most 7d), not "${values.ttl}"` };
      return { ok: true, command: { name, file, ttlSeconds: ttl, json, author: values.author ?? null } };
    }
    case 'export': {
      const storeId = one('<storeId>');
      if (storeId instanceof Error) return { ok: false, error: storeId.message };
      let revision: number | null = null;
      if (values.revision !== undefined) {
        revision = revisionNumber(values.revision);
        if (revision === null) return { ok: false, error: `--revision needs a revision number, not "${values.revision}"` };
      }
      return { ok: true, command: { name, storeId, output: values.output ?? null, revision } };
    }
    case 'history': {
      const storeId = one('<storeId>');
      if (storeId instanceof Error) return { ok: false, error: storeId.message };
      return { ok: true, command: { name, storeId, json } };
    }
    case 'diff': {
      const [storeId, a, b, ...more] = rest;
      if (!storeId || more.length > 0) return { ok: false, error: 'diff needs: <storeId> [<revA> [<revB>]]' };
      const from = a === undefined ? null : revisionNumber(a);
      const to = b === undefined ? null : revisionNumber(b);
      if ((a !== undefined && from === null) || (b !== undefined && to === null))
        return { ok: false, error: 'diff: revisions are numbers (npm run store -- history <storeId>)' };
      return { ok: true, command: { name, storeId, from, to, json } };
    }
    case 'rollback': {
      const [storeId, r, ...more] = rest;
      const revision = r === undefined ? null : revisionNumber(r);
      if (!storeId || revision === null || more.length > 0) return { ok: false, error: 'rollback needs: <storeId> <revision>' };
      return { ok: true, command: { name, storeId, revision, dryRun: values['dry-run'] === true, json, meta } };
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
      revision: { type: 'string' },
      author: { type: 'string' },
      message: { type: 'string' },
      ttl: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
