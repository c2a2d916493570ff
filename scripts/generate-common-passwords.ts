// Writes server/platform/auth/common-passwords.txt, the list of common passwords a member may
// not choose, from the ranked password dictionary of @zxcvbn-ts/language-common (most common
// first). Entries shorter than 8 or longer than 30 characters are left out: the length rule
// refuses them anyway. The list is data and is committed; rerun this after upgrading the package.
//
//   npx node scripts/generate-common-passwords.ts          # write
//   npx node scripts/generate-common-passwords.ts --check  # verify only (exit 1 when stale)

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';
import { parseCheckFlag } from './check-flag.ts';

export const listFile = fileURLToPath(new URL('../server/platform/auth/common-passwords.txt', import.meta.url));

/** How many of the most common passwords of an allowed length are kept (about 146 KiB). */
export const MAX_ENTRIES = 16_000;
export const MIN_LENGTH = 8;
export const MAX_LENGTH = 30;

/** The exact text the committed file must hold: one lower-case password a line, most common first. */
export function renderCommonPasswords(ranked: readonly string[] = dictionary['passwords-common']): string {
  const kept = new Set<string>();
  for (const entry of ranked) {
    const password = entry.toLowerCase();
    if (password.length < MIN_LENGTH || password.length > MAX_LENGTH) continue;
    kept.add(password);
    if (kept.size === MAX_ENTRIES) break;
  }
  return `${[...kept].join('\n')}\n`;
}

function main(argv: readonly string[]): number {
  const args = parseCheckFlag(argv);
  if (!args.ok) {
    console.error(`${args.error}\nusage: npx node scripts/generate-common-passwords.ts [--check]`);
    return 2;
  }
  const expected = renderCommonPasswords();
  if (args.check) {
    const actual = existsSync(listFile) ? readFileSync(listFile, 'utf8') : null;
    if (actual === expected) {
      console.info(`${listFile} is up to date.`);
      return 0;
    }
    console.error(`${listFile} is missing or stale. Run: npx node scripts/generate-common-passwords.ts`);
    return 1;
  }
  writeFileSync(listFile, expected);
  console.info(`wrote ${expected.split('\n').length - 1} passwords to ${listFile}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
