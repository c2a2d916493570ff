/**
 * The support command for a store's staff: `npm run support -- <command> --store <id>` (see
 * scripts/support/args.ts for the usage text, scripts/support/run.ts for the commands; decision
 * 0051). Results go to stdout; the database line and errors go to stderr.
 */
import { runSupportCli } from './support/run.ts';

runSupportCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then((code) => {
  process.exitCode = code;
});
