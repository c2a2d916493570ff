/**
 * Applies the database migrations and exits: `npm run migrate` (decision 0032). The server applies
 * them at start too, unless MIGRATE_ON_START=false.
 */
import { runMigrate } from './migrate/run.ts';

runMigrate({
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then((code) => {
  process.exitCode = code;
});
