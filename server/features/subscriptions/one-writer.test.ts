// The subscription aggregate has one writer (decision 0041): no file of the server but
// `writer.ts` inserts, updates or deletes `contracts`, `billing_attempts` or `earnings`, whether
// through Drizzle (`.insert(contracts)`) or raw SQL (`update ${contracts}`, `insert into earnings`).
// Reads stay where they are read (the billing claim, My Page, the payment history, the mails).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const WRITER = 'server/features/subscriptions/writer.ts';

/** The Drizzle table names and SQL table names of the aggregate. */
const TABLES = [
  { drizzle: 'contracts', sql: 'contracts' },
  { drizzle: 'billingAttempts', sql: 'billing_attempts' },
  { drizzle: 'earnings', sql: 'earnings' },
];

/** Each way a statement that writes `table` can be spelt in our code. */
function writePatterns(table: { drizzle: string; sql: string }): RegExp[] {
  const name = `(?:\\$\\{\\s*${table.drizzle}\\s*\\}|"?${table.sql}"?)`;
  return [
    new RegExp(`\\.(?:insert|update|delete)\\(\\s*${table.drizzle}\\s*\\)`),
    new RegExp(`\\binsert\\s+into\\s+${name}(?![\\w$])`, 'i'),
    new RegExp(`\\bupdate\\s+${name}(?![\\w$])`, 'i'),
    new RegExp(`\\bdelete\\s+from\\s+${name}(?![\\w$])`, 'i'),
    new RegExp(`\\btruncate\\s+(?:table\\s+)?${name}(?![\\w$])`, 'i'),
  ];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `file: line` of every statement writing one of the aggregate's tables. */
function writesIn(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const found: string[] = [];
  for (const table of TABLES)
    for (const pattern of writePatterns(table)) {
      const global = new RegExp(pattern.source, `${pattern.flags}g`);
      for (const m of text.matchAll(global)) {
        const line = text.slice(0, m.index).split('\n').length;
        found.push(`${relative(ROOT, path)}:${line} ${table.sql}: ${m[0]}`);
      }
    }
  return found;
}

describe('the subscription aggregate has one writer', () => {
  it('no server file but the writer writes contracts, billing_attempts or earnings', () => {
    const elsewhere = sourceFiles(join(ROOT, 'server'))
      .filter((path) => relative(ROOT, path) !== WRITER)
      .flatMap(writesIn);
    expect(elsewhere).toEqual([]);
  });

  it('the patterns see the writer’s own statements (the check above is not blind)', () => {
    const own = writesIn(join(ROOT, WRITER)).join('\n');
    for (const table of TABLES) expect(own, table.sql).toMatch(new RegExp(` ${table.sql}: `));
  });

  it('the patterns catch each spelling of a write', () => {
    /** Source text as the files hold it: `${table}` is quoted code here, not a placeholder. */
    const ref = (name: string) => `\${${name}}`;
    const hit = (text: string) => TABLES.some((t) => writePatterns(t).some((p) => p.test(text)));
    for (const text of [
      'tx.insert(contracts).values(x)',
      'db.update( earnings ).set(x)',
      'db.delete(billingAttempts)',
      `sql\`update ${ref('contracts')} c set status = v.status\``,
      `sql\`insert into ${ref('billingAttempts')} (store_id)\``,
      'sql`INSERT INTO earnings (store_id)`',
      'sql`delete from billing_attempts where true`',
      'sql`truncate table "contracts"`',
    ])
      expect(hit(text), text).toBe(true);
    for (const text of [
      'db.select().from(contracts)',
      'sql`select store_id from contracts where x`',
      'sql`update contracts_due_view set x = 1`',
      'tx.insert(entitlements).values({ contractId })',
      `sql\`insert into ${ref('mailJobs')} (store_id)\``,
    ])
      expect(hit(text), text).toBe(false);
  });
});
