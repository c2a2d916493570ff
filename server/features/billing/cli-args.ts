// The arguments of `npm run billing -- run --at <ISO time> [--batch-size N] [--concurrency N]`.
import { parseArgs } from 'node:util';
import type { BillingSummary } from './engine.ts';

export const BILLING_USAGE = `usage: npm run billing -- run [--at <ISO time>] [--batch-size <n>] [--concurrency <n>]

  run   renews every subscription due at --at (default: now), prints what it did
        --at           the time of the run, e.g. 2027-03-01T00:00:00+09:00
        --batch-size   contracts claimed per transaction (default 500)
        --concurrency  gateway calls in flight at once (default 32)`;

export type BillingCommand = { name: 'run'; at: Date; batchSize: number; concurrency: number } | { name: 'help' };

/**
 * Parsed with node:util's parseArgs, as the store tool's arguments are: `--at=<time>` and
 * `--at <time>` both work, and an unknown option or a missing value is refused with a message.
 */
export function parseBillingArgs(argv: readonly string[], now: Date): { ok: true; command: BillingCommand } | { ok: false; error: string } {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const { values, positionals } = parsed;
  const [name, ...extra] = positionals;
  if (values.help || !name || name === 'help') return { ok: true, command: { name: 'help' } };
  if (name !== 'run') return { ok: false, error: `unknown command ${JSON.stringify(name)}` };
  if (extra.length > 0) return { ok: false, error: `unexpected argument ${JSON.stringify(extra[0])}` };
  let at = now;
  if (values.at !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}T/.test(values.at) || Number.isNaN(Date.parse(values.at)))
      return { ok: false, error: `--at is not an ISO time: ${values.at}` };
    at = new Date(values.at);
  }
  const batchSize = wholeNumber('--batch-size', values['batch-size'], 500);
  if (typeof batchSize === 'string') return { ok: false, error: batchSize };
  const concurrency = wholeNumber('--concurrency', values.concurrency, 32);
  if (typeof concurrency === 'string') return { ok: false, error: concurrency };
  return { ok: true, command: { name: 'run', at, batchSize, concurrency } };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      at: { type: 'string' },
      'batch-size': { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

/** The number, or the message that refuses it. */
function wholeNumber(flag: string, value: string | undefined, fallback: number): number | string {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < 1 || n > 10_000) return `${flag} must be a whole number from 1 to 10000`;
  return n;
}

export function formatSummary(s: BillingSummary): string {
  return `renewed ${s.renewed}, failed ${s.failed}, held ${s.held}, cancelled ${s.cancelled}, skipped ${s.skipped} (${s.batches} batches)`;
}
