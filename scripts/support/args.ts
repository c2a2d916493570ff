import { parseArgs } from 'node:util';
import type { SupportOp } from '#server/features/support/requests.ts';
import { isMonth } from '#server/features/support/sales-csv.ts';

/** A request without its store and actor (the options add them), or help. */
export type SupportCommand =
  | { name: 'help' }
  | {
      name: 'run';
      request: SupportOp;
      storeId: string;
      actor: string | null;
      json: boolean;
      output: string | null;
    };

export type ParsedSupportArgs = { ok: true; command: SupportCommand } | { ok: false; error: string | null };

export const SUPPORT_USAGE = `Usage: npm run support -- <command> --store <storeId> [--actor <name>] [--json]

Commands (<member>: an e-mail address, a user ID, a public ID or an account id):
  find <email|userId>          The member: public ID, e-mail, user ID, account id, joined at.
  show <member>                Account, subscriptions, orders, payments, the last logins and the
                               mails sent (kind, subject, time; never a body, a code or a link).
  resend <member> code         A new code of the last code's purpose, to the member's address.
  resend <member> receipt      The last payment's mail again (order confirmation or receipt).
  cancel <member> <contract>   Request the subscription's cancel for the member (My Page's rules).
  undo-cancel <member> <contract>
                               Undo the member's cancel request (My Page's rules).
  refund <member> <order|payment> [--amount <yen>] --reason "<text>"
                               Refund the payment (all of it, or --amount yen of it).
  sales <YYYY-MM> [-o <file.csv>]
                               The month's sales and refunds as CSV (UTF-8 with BOM, JST, yen).

Options:
  --store <storeId>            The store (required).
  --actor <name>               Who does it, for the audit trail (default: the OS user).
  --json                       One JSON value on stdout instead of the lines for people.
  --help, -h                   Show this text.

Every command is written to the store's support audit trail: who, when, what, for which member,
with what result. Mail is sent by the server's mail worker.
Database: PostgreSQL when DATABASE_URL is set; otherwise the running server's PGlite (the
server does the work, asked with the token in <DATA_DIR>/admin.json), or the PGlite folder in
DATA_DIR when no server runs (mail then waits for the server's start).
Messages are in Japanese when the locale (LC_ALL, LC_MESSAGES or LANG) is Japanese.
Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

const STORE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Turns argv (without node and the script) into a command; error null means "no command given". */
export function parseSupportArgs(argv: string[]): ParsedSupportArgs {
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
  const fail = (error: string): ParsedSupportArgs => ({ ok: false, error });
  if (values.store === undefined) return fail('--store <storeId> is required');
  if (!STORE_ID.test(values.store)) return fail(`--store: "${values.store}" is not a store id`);
  if (values.actor !== undefined && values.actor.trim() === '') return fail('--actor needs a name');
  if ((values.amount !== undefined || values.reason !== undefined) && name !== 'refund')
    return fail('--amount and --reason only go with refund');
  if (values.output !== undefined && name !== 'sales') return fail('-o only goes with sales');
  if (values.output === '') return fail('-o needs a file name');
  const common = { storeId: values.store, actor: values.actor?.trim() ?? null, json: values.json === true, output: values.output ?? null };
  const run = (request: SupportOp): ParsedSupportArgs => ({
    ok: true,
    command: { name: 'run', request, ...common },
  });
  const [a, b, ...more] = rest;
  const nonEmpty = (s: string | undefined): s is string => s !== undefined && s.trim() !== '';
  switch (name) {
    case 'find':
    case 'show':
      return nonEmpty(a) && b === undefined ? run({ op: name, member: a }) : fail(`${name} needs exactly one <member>`);
    case 'resend':
      if (!nonEmpty(a) || (b !== 'code' && b !== 'receipt') || more.length > 0) return fail('resend needs: <member> code|receipt');
      return run({ op: 'resend', member: a, what: b });
    case 'cancel':
    case 'undo-cancel':
      return nonEmpty(a) && nonEmpty(b) && more.length === 0
        ? run({ op: name, member: a, contract: b })
        : fail(`${name} needs: <member> <contract>`);
    case 'refund': {
      if (!nonEmpty(a) || !nonEmpty(b) || more.length > 0) return fail('refund needs: <member> <order|payment> --reason "<text>"');
      if (values.reason === undefined || values.reason.trim() === '')
        return fail('refund needs --reason "<text>" (kept in the audit trail)');
      if (values.reason.length > 500) return fail('--reason: at most 500 characters');
      let amountYen: number | undefined;
      if (values.amount !== undefined) {
        if (!/^[1-9]\d{0,7}$/.test(values.amount)) return fail(`--amount needs a whole number of yen, not "${values.amount}"`);
        amountYen = Number(values.amount);
      }
      return run({ op: 'refund', member: a, target: b, reason: values.reason.trim(), ...(amountYen === undefined ? {} : { amountYen }) });
    }
    case 'sales':
      if (a === undefined || b !== undefined || !isMonth(a)) return fail('sales needs a month: YYYY-MM');
      return run({ op: 'sales', month: a });
    default:
      return fail(`unknown command "${name}"`);
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      store: { type: 'string' },
      actor: { type: 'string' },
      json: { type: 'boolean' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
