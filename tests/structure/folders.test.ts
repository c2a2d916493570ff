import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 0042: which folder may import which. Every import of the product's code (tests and their
// helpers aside), type imports included, is read as text and placed on its folder.
const ROOT = join(import.meta.dirname, '..', '..');
const ALIASES: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports;

/** The place of a file: the server's parts by their second folder, the rest by their first. */
function placeOf(file: string): string {
  const [top, second] = file.split('/');
  if (top === 'server' && second && !second.includes('.')) return `server/${second}`;
  return top ?? file;
}

/** What each place may import of ours, besides itself. */
const MAY_IMPORT: Record<string, string[]> = {
  'config-schema': [],
  themes: [],
  styles: [],
  domain: ['config-schema'],
  client: ['domain', 'config-schema', 'themes', 'styles', 'locales'],
  // The ground: configuration and logs.
  'server/base': ['domain', 'config-schema'],
  'server/db': ['server/base', 'domain', 'config-schema'],
  // What every feature builds on: tenancy, sessions, accounts, mail, payments, HTTP, rendering...
  'server/platform': ['server/db', 'server/base', 'domain', 'config-schema', 'themes', 'styles', 'locales'],
  'server/features': ['server/platform', 'server/db', 'server/base', 'domain', 'config-schema', 'themes', 'styles'],
  // The roof builds and starts everything.
  'server/app': [
    'server/features',
    'server/platform',
    'server/db',
    'server/base',
    'domain',
    'config-schema',
    'themes',
    'styles',
    'payment-sandbox',
    'id-sandbox',
  ],
};

function sourceFiles(): string[] {
  return Object.keys(MAY_IMPORT)
    .map((place) => place.split('/')[0] as string)
    .filter((top, i, all) => all.indexOf(top) === i)
    .flatMap((top) =>
      (readdirSync(join(ROOT, top), { recursive: true }) as string[])
        .map((f) => `${top}/${f.split('\\').join('/')}`)
        .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$|test-helper\.ts$|test-support\.ts$/.test(f)),
    );
}

/** The repository paths a file imports (aliases and relative paths; packages are left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"\n]+)['"]/g)].map((m) => m[1] as string);
  return specs.flatMap((spec) => {
    const alias = Object.entries(ALIASES).find(([key]) => spec.startsWith(key.slice(0, -1)));
    if (alias) return [normalize(alias[1].slice(2, -1) + spec.slice(alias[0].length - 1))];
    if (spec.startsWith('.')) return [relative(ROOT, join(ROOT, dirname(file), spec))];
    return [];
  });
}

describe('folders (decision 0042)', () => {
  const files = sourceFiles();

  it('reads the server as roof, features, platform and ground', () => {
    const serverPlaces = new Set(files.filter((f) => f.startsWith('server/')).map(placeOf));
    expect([...serverPlaces].sort()).toEqual(['server/app', 'server/base', 'server/db', 'server/features', 'server/platform']);
  });

  it('imports only downwards', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = placeOf(file);
      const allowed = MAY_IMPORT[from];
      if (!allowed) continue;
      for (const target of importsOf(file)) {
        const to = placeOf(target);
        if (to !== from && !allowed.includes(to)) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives each platform part and feature a folder of its own', () => {
    const loose = files.filter((f) => /^server\/(platform|features)\/[^/]+$/.test(f));
    expect(loose).toEqual([]);
    // A file added under a platform part's old place among the features would make it a feature again.
    const partsOf = (layer: string) => new Set(files.filter((f) => f.startsWith(`server/${layer}/`)).map((f) => f.split('/')[2]));
    const platform = partsOf('platform');
    expect([...partsOf('features')].filter((part) => platform.has(part))).toEqual([]);
  });
});
