// The arguments of `npm run billing -- run --at <ISO time> [--batch-size N] [--concurrency N]`.
import type { BillingSummary } from './engine.ts';

export const BILLING_USAGE = `usage: npm run billing -- run [--at <ISO time>] [--batch-size <n>] [--concurrency <n>]

  run   renews every subscription due at --at (default: now), prints what it did
        --at           the time of the run, e.g. 2027-03-01T00:00:00+09:00
        --batch-size   contracts claimed per transaction (default 500)
        --concurrency  gateway calls in flight at once (default 32)`;

export type BillingCommand = { name: 'run'; at: Date; batchSize: number; concurrency: number } | { name: 'help' };

export function parseBillingArgs(argv: readonly string[], now: Date): { ok: true; command: BillingCommand } | { ok: false; error: string } {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') return { ok: true, command: { name: 'help' } };
  if (name !== 'run') return { ok: false, error: `unknown command ${JSON.stringify(name)}` };
  let at = now;
  let batchSize = 500;
  let concurrency = 32;
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    const value = rest[i + 1];
    if (value === undefined) return { ok: false, error: `${flag} needs a value` };
    if (flag === '--at') {
      if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value)))
        return { ok: false, error: `--at is not an ISO time: ${value}` };
      at = new Date(value);
    } else if (flag === '--batch-size' || flag === '--concurrency') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 10_000) return { ok: false, error: `${flag} must be a whole number from 1 to 10000` };
      if (flag === '--batch-size') batchSize = n;
      else concurrency = n;
    } else return { ok: false, error: `unknown option ${JSON.stringify(flag)}` };
  }
  return { ok: true, command: { name: 'run', at, batchSize, concurrency } };
}

export function formatSummary(s: BillingSummary): string {
  return `renewed ${s.renewed}, failed ${s.failed}, held ${s.held}, cancelled ${s.cancelled}, skipped ${s.skipped} (${s.batches} batches)`;
}
