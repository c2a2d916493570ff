import { describe, expect, it } from 'vitest';
import { parseCheckFlag } from './check-flag.ts';

describe('parseCheckFlag (the generators’ arguments)', () => {
  it('writes without arguments and checks with --check', () => {
    expect(parseCheckFlag([])).toEqual({ ok: true, check: false });
    expect(parseCheckFlag(['--check'])).toEqual({ ok: true, check: true });
  });

  it('refuses what it does not know instead of writing the file', () => {
    for (const argv of [['--chek'], ['check'], ['--check', 'extra'], ['--check=yes'], ['-c']]) {
      const parsed = parseCheckFlag(argv);
      expect(parsed.ok, argv.join(' ')).toBe(false);
    }
  });
});
