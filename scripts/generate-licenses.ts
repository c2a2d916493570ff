// Build step: writes dist/licenses.json from the production dependency tree (shown at /app/licenses).
import { mkdirSync, writeFileSync } from 'node:fs';
import { collectLicenses } from '../server/features/licenses/collect.ts';

const list = collectLicenses(process.cwd());
mkdirSync('dist', { recursive: true });
writeFileSync('dist/licenses.json', `${JSON.stringify(list)}\n`);
process.stdout.write(`licenses: ${list.length} packages\n`);
