// The arguments of the generators (scripts/generate-*.ts): none (write the file) or `--check`
// (write nothing, exit 1 when the committed file is stale). Parsed with node:util's parseArgs, as
// every command of scripts/ is: a mistyped option (`--chek`) is refused instead of read as "write".
import { parseArgs } from 'node:util';

export function parseCheckFlag(argv: readonly string[]): { ok: true; check: boolean } | { ok: false; error: string } {
  try {
    const { values } = parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: { check: { type: 'boolean' } } });
    return { ok: true, check: values.check === true };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}
