/**
 * The command-line tool for store admins: `npm run store -- <command>` (see scripts/store/args.ts
 * for the usage text, scripts/store/run.ts for the commands). Results go to stdout; the database
 * line and errors go to stderr.
 */
import { runStoreCli } from './store/run.ts';

runStoreCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then((code) => {
  process.exitCode = code;
});
