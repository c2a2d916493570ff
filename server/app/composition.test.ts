// Services are wired once (decision 0041): the composition root builds every repository, service,
// engine, gateway and writer; the app is handed them, boot asks the root for them, and a command
// asks the root's billing part. A file of the server or of scripts/ that builds one of its own
// fails here with its line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** A call that builds a part of the graph: createXRepo(, createXService(, createXEngine(, createXGateway(, createXWriter(, createServices(. */
const BUILDS = /\bcreate(?:[A-Z]\w*)?(?:Repo|Service|Services|Engine|Gateway|Writer)\(/g;

/** Who may call which builders. */
const ALLOWED: Record<string, RegExp> = {
  // The root and its billing part build everything.
  'server/app/composition.ts': /./,
  'server/app/composition-billing.ts': /./,
  'server/app/composition-support.ts': /./,
  // Boot asks the root for the graph; the billing command asks the root's billing part.
  'server/app/boot.ts': /^createServices\($/,
  'scripts/billing.ts': /^createBillingServices\($/,
  'scripts/support/connect.ts': /^createSupportServices\($/,
  // storeAdminOver(db), the store tool's operations, is a builder itself: the root calls it for the
  // admin door, the store tool's own process (plain Node, no root) for itself.
  'server/platform/stores/admin.ts': /^createStoreRepo\($/,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** `file:line call` of each builder called where it may not be. */
function strayBuilds(path: string): string[] {
  const file = relative(ROOT, path);
  const allowed = ALLOWED[file];
  const text = readFileSync(path, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(BUILDS)) {
    const before = text.slice(Math.max(0, m.index - 16), m.index);
    if (/function\s+$/.test(before)) continue; // its definition
    if (allowed?.test(m[0])) continue;
    found.push(`${file}:${text.slice(0, m.index).split('\n').length} ${m[0]}`);
  }
  return found;
}

describe('services are wired once', () => {
  it('nothing in server/ or scripts/ but the composition root builds a repository, service, engine, gateway or writer', () => {
    const stray = [...sourceFiles(join(ROOT, 'server')), ...sourceFiles(join(ROOT, 'scripts'))].flatMap(strayBuilds);
    expect(stray).toEqual([]);
  });

  it('the pattern sees builders and leaves their definitions alone', () => {
    const calls = (text: string) => [...text.matchAll(BUILDS)].map((m) => m[0]);
    expect(calls('const e = createBillingEngine({ db }); const r = createStoreRepo(db);')).toEqual([
      'createBillingEngine(',
      'createStoreRepo(',
    ]);
    expect(calls('createServices({ config }); createSubscriptionWriter(db); createSandboxGateway({})')).toHaveLength(3);
    expect(calls('createPageCache({}); createStoreCache(repo); createMetrics()')).toEqual([]);
    expect(strayBuilds(join(ROOT, 'server/app/composition.ts'))).toEqual([]);
  });
});
