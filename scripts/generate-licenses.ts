// Build step: writes dist/licenses.json from the production dependency tree (shown at /app/licenses),
// and stops the build on a licence a closed service cannot accept (decision 0034).
import { mkdirSync, writeFileSync } from 'node:fs';
import { collectLicenses } from '../server/features/licenses/collect.ts';
import { refusedLicenses } from '../server/features/licenses/policy.ts';

const list = collectLicenses(process.cwd());
const refused = refusedLicenses(list);
if (refused.length > 0) {
  process.stderr.write(
    `licenses: these production dependencies have a licence the store cannot run as a closed service (docs/decisions/0034):\n${refused
      .map((e) => `  ${e.name}@${e.version} ${e.license}`)
      .join('\n')}\n`,
  );
  process.exit(1);
}
mkdirSync('dist', { recursive: true });
writeFileSync('dist/licenses.json', `${JSON.stringify(list)}\n`);
process.stdout.write(`licenses: ${list.length} packages\n`);
