import { describe, expect, it } from 'vitest';
import { formatSummary, parseBillingArgs } from './cli-args.ts';

const now = new Date('2027-01-01T00:00:00Z');

describe('parseBillingArgs', () => {
  it('run with a time and sizes', () => {
    expect(parseBillingArgs(['run', '--at', '2027-03-01T00:00:00+09:00', '--batch-size', '50', '--concurrency', '4'], now)).toEqual({
      ok: true,
      command: { name: 'run', at: new Date('2027-02-28T15:00:00Z'), batchSize: 50, concurrency: 4 },
    });
  });
  it('takes --option=value as well as --option value', () => {
    expect(parseBillingArgs(['run', '--at=2027-03-01T00:00:00Z', '--batch-size=7', '--concurrency', '2'], now)).toEqual({
      ok: true,
      command: { name: 'run', at: new Date('2027-03-01T00:00:00Z'), batchSize: 7, concurrency: 2 },
    });
    expect(parseBillingArgs(['--help'], now)).toEqual({ ok: true, command: { name: 'help' } });
  });
  it('defaults to now, 500 and 32; help without a command', () => {
    expect(parseBillingArgs(['run'], now)).toEqual({ ok: true, command: { name: 'run', at: now, batchSize: 500, concurrency: 32 } });
    expect(parseBillingArgs([], now)).toEqual({ ok: true, command: { name: 'help' } });
  });
  it.each([
    [['bill']],
    [['run', '--at']],
    [['run', '--at', 'tomorrow']],
    [['run', '--at', '2027-13-45T00:00:00Z']],
    [['run', '--batch-size', '0']],
    [['run', '--concurrency', '1.5']],
    [['run', '--dry', 'yes']],
    [['run', '--batch-size=']],
    [['run', 'extra']],
    [['run', '--at=2027-03-01T00:00:00Z', '--at-all']],
  ])('refuses %j', (argv) => {
    expect(parseBillingArgs(argv, now).ok).toBe(false);
  });
  it('prints the counts', () => {
    expect(formatSummary({ renewed: 3, failed: 1, held: 1, cancelled: 2, skipped: 0, batches: 1 })).toBe(
      'renewed 3, failed 1, held 1, cancelled 2, skipped 0 (1 batches)',
    );
  });
});
