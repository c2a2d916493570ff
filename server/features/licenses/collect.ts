import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { type LicenseEntry, licenseEntrySchema } from '#domain/screens.ts';

type Pkg = {
  name?: string;
  version?: string;
  license?: unknown;
  licenses?: unknown;
  repository?: unknown;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

function readPkg(dir: string): Pkg | null {
  const file = join(dir, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Pkg) : null;
}

/** Node's lookup: the nearest node_modules/<name> walking up from `from`. */
function resolvePackageDir(name: string, from: string, rootDir: string): string | null {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === rootDir || dirname(dir) === dir) return null;
    dir = dirname(dir);
  }
}

function licenseOf(pkg: Pkg): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license === 'object' && 'type' in pkg.license) return String((pkg.license as { type: unknown }).type);
  if (Array.isArray(pkg.licenses))
    return pkg.licenses
      .map((l) => (l as { type?: string }).type ?? '')
      .filter(Boolean)
      .join(' OR ');
  return 'UNKNOWN';
}

function repositoryOf(pkg: Pkg): string | undefined {
  const r = pkg.repository;
  const url = typeof r === 'string' ? r : r && typeof r === 'object' && 'url' in r ? String((r as { url: unknown }).url) : undefined;
  return url?.replace(/^git\+/, '').replace(/\.git$/, '');
}

function licenseText(dir: string): string | undefined {
  const file = readdirSync(dir).find((f) => /^(licen[sc]e|copying)(\.(md|txt))?$/i.test(f));
  return file ? readFileSync(join(dir, file), 'utf8').slice(0, 20_000) : undefined;
}

/** Every package in the production dependency tree of the project at rootDir, with its licence. */
export function collectLicenses(rootDir: string): LicenseEntry[] {
  const root = readPkg(rootDir);
  if (!root) throw new Error(`no package.json in ${rootDir}`);
  const seen = new Map<string, LicenseEntry>();
  const queue: Array<{ name: string; from: string }> = Object.keys(root.dependencies ?? {}).map((name) => ({ name, from: rootDir }));
  while (queue.length > 0) {
    const { name, from } = queue.shift() as { name: string; from: string };
    const dir = resolvePackageDir(name, from, rootDir);
    if (!dir) continue; // an optional dependency for another platform
    const pkg = readPkg(dir);
    if (!pkg?.name || !pkg.version) continue;
    const key = `${pkg.name}@${pkg.version}`;
    if (seen.has(key)) continue;
    seen.set(key, { name: pkg.name, version: pkg.version, license: licenseOf(pkg), repository: repositoryOf(pkg), text: licenseText(dir) });
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) queue.push({ name: dep, from: dir });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

let cached: LicenseEntry[] | null = null;

/** The list written at build time (dist/licenses.json), or collected now when there is no build. */
export function loadLicenses(rootDir: string): LicenseEntry[] {
  if (cached) return cached;
  const built = join(rootDir, 'dist', 'licenses.json');
  cached = existsSync(built) ? z.array(licenseEntrySchema).parse(JSON.parse(readFileSync(built, 'utf8'))) : collectLicenses(rootDir);
  return cached;
}
