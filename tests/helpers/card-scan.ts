// "No card number ever reaches the store's server, its database or its logs" (issue 9): after the
// end-to-end run, the e2e server's database (every row of every table, tests/helpers/db-snapshot.ts)
// and its log file are searched for every published test card number of the sandbox, written with
// or without spaces or hyphens between the digits. The result goes to tmp/card-scan.json, which
// `npm test` counts as one test (scripts/test.ts); no file means the scan could not run: a failure.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '#server/db/client.ts';
import { TEST_CARDS } from '../../payment-sandbox/cards.ts';
import { snapshotDatabase } from './db-snapshot.ts';

export const CARD_SCAN_FILE = 'tmp/card-scan.json';

export type CardFinding = { number: string; where: string; excerpt: string };
export type CardScan = { ok: true; rows: number; logBytes: number; found: CardFinding[] } | { ok: false; error: string };

/** A pattern of the number's digits with at most one space or hyphen between two digits. */
export function cardPattern(number: string): RegExp {
  return new RegExp(`(?<!\\d)${[...number].join('[ -]?')}(?!\\d)`, 'g');
}

/** Every published card number found in `text` (named `where` in the findings). */
export function findCardNumbers(text: string, where: string, numbers: readonly string[] = TEST_CARDS.map((c) => c.number)): CardFinding[] {
  const out: CardFinding[] = [];
  for (const number of numbers) {
    for (const m of text.matchAll(cardPattern(number))) {
      const at = m.index ?? 0;
      out.push({ number, where, excerpt: text.slice(Math.max(0, at - 60), at + m[0].length + 60) });
    }
  }
  return out;
}

/** Searches every row of `database` and the `logFile` text. */
export async function scanStoreSide(database: Database, logFile: string | null): Promise<Extract<CardScan, { ok: true }>> {
  const snapshot = await snapshotDatabase(database);
  const found: CardFinding[] = [];
  let rows = 0;
  for (const [store, tables] of snapshot.byStore)
    for (const [table, list] of tables) {
      rows += list.length;
      found.push(...findCardNumbers(list.join('\n'), `${store} ${table}`));
    }
  const log = logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  found.push(...findCardNumbers(log, logFile ?? 'log'));
  return { ok: true, rows, logBytes: Buffer.byteLength(log), found };
}

/** Runs the scan and writes CARD_SCAN_FILE under `root`, whatever happens. */
export async function writeCardScan(root: string, run: () => Promise<CardScan>): Promise<CardScan> {
  let result: CardScan;
  try {
    result = await run();
  } catch (err) {
    result = { ok: false, error: String(err instanceof Error ? (err.stack ?? err.message) : err) };
  }
  writeFileSync(join(root, CARD_SCAN_FILE), `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

/** What `npm test` makes of the file: passed, or the reason it failed. */
export function cardScanVerdict(text: string | null): { passed: boolean; message: string } {
  if (text === null) return { passed: false, message: `no ${CARD_SCAN_FILE}: the scan did not run` };
  const scan = JSON.parse(text) as CardScan;
  if (!scan.ok) return { passed: false, message: `the scan could not run: ${scan.error.split('\n')[0]}` };
  if (scan.found.length > 0)
    return {
      passed: false,
      message: `card numbers on the store's side: ${scan.found
        .slice(0, 5)
        .map((f) => `${f.number} in ${f.where}: …${f.excerpt}…`)
        .join('; ')}`,
    };
  if (scan.rows === 0) return { passed: false, message: 'the scan read no rows: not the e2e database' };
  return { passed: true, message: `${scan.rows} rows and ${scan.logBytes} log bytes without a card number` };
}
