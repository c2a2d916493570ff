import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 0056: what the browser loads before a page is interactive. The static imports (type
// imports and import() aside) of a page's files and of the hooks every page runs in the browser,
// followed through our own modules: the pages below (and the error page) must not reach zod (its rules load on a form's
// first check), and /mypage, which has no form, not react-hook-form either.
const ROOT = join(import.meta.dirname, '..');
const ALIASES: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports;

/** The hooks of client/pages that run in the browser on every page (+Head and the render hooks are the server's). */
const EVERY_PAGE = [
  '+Layout.tsx',
  '+Wrapper.tsx',
  '+onBeforeRenderClient.ts',
  '+onCreatePageContext.shared.ts',
  '+data.shared.ts',
  '+title.ts',
];

// import x from '…', import { a, type B } from '…', import '…', export { a } from '…'; not import type, not import().
const IMPORT = /^\s*(import|export)\s+(?!type\s)([\s\S]*?)\s*from\s*'([^']+)'|^\s*import\s+'([^']+)'/gm;

/** The runtime imports of one file: package names and our files, relative to ROOT. */
function runtimeImports(file: string, code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = (m[3] ?? m[4]) as string;
    const names = m[2];
    // `import { type A, type B } from` brings nothing at run time.
    if (
      names &&
      /^\{[\s\S]*\}$/.test(names) &&
      names
        .slice(1, -1)
        .split(',')
        .every((n) => n.trim() === '' || n.trim().startsWith('type '))
    )
      continue;
    if (m[1] === 'export' && names === undefined) continue;
    found.push(resolveSpec(file, spec));
  }
  return found;
}

function resolveSpec(file: string, spec: string): string {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a.replace('*', '')));
  if (alias) return relative(ROOT, join(ROOT, (ALIASES[alias] as string).replace('*', spec.slice(alias.length - 1))));
  if (spec.startsWith('.')) return relative(ROOT, join(ROOT, dirname(file), spec));
  // A package: its name (@scope/name or name), whatever subpath.
  const parts = spec.split('/');
  return spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

/** Every package the page's browser files import statically, with one chain of files that leads to it. */
function packagesOfPage(pageDir: string): Map<string, string[]> {
  const starts = [
    ...EVERY_PAGE.map((f) => `client/pages/${f}`),
    ...['+Page.tsx', '+title.ts', '+data.shared.ts'].map((f) => `${pageDir}/${f}`),
  ].filter((f) => existsSync(join(ROOT, f)));
  const via = new Map<string, string[]>(starts.map((f) => [f, [f]]));
  const queue = [...starts];
  const packages = new Map<string, string[]>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (file.endsWith('.po')) continue;
    const chain = via.get(file) as string[];
    for (const target of runtimeImports(file, readFileSync(join(ROOT, file), 'utf8'))) {
      const isOurs = /\.(tsx?|po)$/.test(target) && existsSync(join(ROOT, target));
      if (!isOurs) {
        if (!packages.has(target)) packages.set(target, chain);
        continue;
      }
      if (via.has(target)) continue;
      via.set(target, [...chain, target]);
      queue.push(target);
    }
  }
  return packages;
}

describe('the first load of members’ and guests’ pages (decision 0056)', () => {
  it.each([
    ['/login', 'client/pages/login'],
    ['/mypage', 'client/pages/mypage'],
    ['the purchase form', 'client/pages/plans/@planId'],
    ['the error page', 'client/pages/_error'],
  ])('%s imports no zod before a form is checked', (_page, dir) => {
    expect(packagesOfPage(dir).get('zod')).toBeUndefined();
  });

  it('/mypage has no form library', () => {
    expect(packagesOfPage('client/pages/mypage').get('react-hook-form')).toBeUndefined();
  });

  it('follows what it must: the purchase form reaches react-hook-form, and the sign-up form zod', () => {
    expect(packagesOfPage('client/pages/plans/@planId').get('react-hook-form')).toBeDefined();
    expect(packagesOfPage('client/pages/signup/form').get('zod')).toBeDefined();
  });

  it('reads type imports and dynamic imports as nothing loaded', () => {
    const code = [
      "import type { z } from 'zod';",
      "import { type A, type B } from '#domain/x.ts';",
      "const load = () => import('#domain/validation/login.ts');",
      "import { useForm } from 'react-hook-form';",
      "import {\n  a,\n  type C,\n} from './y.ts';",
    ].join('\n');
    expect(runtimeImports('client/forms/f.tsx', code)).toEqual(['react-hook-form', 'client/forms/y.ts']);
  });
});
