import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 0041: the plan of an id is found in a store's settings by `planOf` (domain/plans.ts) and
// nowhere else, so a rule about which plans count (retired, hidden) has one place to live.
const ROOT = join(import.meta.dirname, '..', '..');
const HOME = 'domain/plans.ts';
const LOOKUP = /\.plans\s*\.find\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*\1\.planId\s*===/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function lookupsIn(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(LOOKUP)].map((m) => `${relative(ROOT, path)}:${text.slice(0, m.index).split('\n').length}`);
}

describe('one planOf', () => {
  it('no file but domain/plans.ts looks a plan up by its id in the settings', () => {
    const found = ['server', 'client', 'domain', 'scripts']
      .flatMap((dir) => sources(join(ROOT, dir)))
      .filter((path) => relative(ROOT, path) !== HOME)
      .flatMap(lookupsIn);
    expect(found).toEqual([]);
  });

  it('the pattern sees planOf itself and the spellings of a lookup (the check is not blind)', () => {
    expect(lookupsIn(join(ROOT, HOME))).toHaveLength(1);
    for (const text of [
      'store.settings.plans.find((p) => p.planId === order.planId)',
      'settings.plans.find(plan => plan.planId === id)',
      's.plans .find( (x)=>x.planId===planId )',
    ])
      expect(text.match(new RegExp(LOOKUP.source))).not.toBeNull();
  });
});
