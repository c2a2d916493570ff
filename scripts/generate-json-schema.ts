// Writes config-schema/store-settings.schema.json (the JSON Schema tenant files reference with
// "$schema") from the zod schema. With --check it writes nothing and exits 1 when the file on
// disk is missing or out of date, so CI can catch a forgotten regeneration.
//
//   npx node scripts/generate-json-schema.ts          # write
//   npx node scripts/generate-json-schema.ts --check  # verify only

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { storeSettingsJsonSchema } from '#config-schema/json-schema.ts';
import { parseCheckFlag } from './check-flag.ts';

export const schemaFile = fileURLToPath(new URL('../config-schema/store-settings.schema.json', import.meta.url));

/** The exact text the committed file must hold: pretty JSON with a trailing newline. */
export function renderJsonSchema(): string {
  return `${JSON.stringify(storeSettingsJsonSchema(), null, 2)}\n`;
}

function main(argv: readonly string[]): number {
  const args = parseCheckFlag(argv);
  if (!args.ok) {
    console.error(`${args.error}\nusage: npx node scripts/generate-json-schema.ts [--check]`);
    return 2;
  }
  const expected = renderJsonSchema();
  if (args.check) {
    const actual = existsSync(schemaFile) ? readFileSync(schemaFile, 'utf8') : null;
    if (actual === expected) {
      console.info(`${schemaFile} is up to date.`);
      return 0;
    }
    console.error(
      actual === null
        ? `${schemaFile} is missing. Run: npx node scripts/generate-json-schema.ts`
        : `${schemaFile} differs from the zod schema in config-schema/. Run: npx node scripts/generate-json-schema.ts`,
    );
    return 1;
  }
  writeFileSync(schemaFile, expected);
  console.info(`Wrote ${schemaFile}.`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
