import { describe, expect, it } from 'vitest';
import { collectLicenses } from './collect.ts';
import { refusedLicenses } from './policy.ts';

const entry = (name: string, license: string) => ({ name, version: '1.0.0', license });

describe('refusedLicenses', () => {
  it('refuses the AGPL, SSPL, GPL and BUSL, and accepts LGPL, MPL and permissive licences', () => {
    const list = [
      entry('agpl', 'AGPL-3.0-or-later'),
      entry('gpl', 'GPL-2.0-only'),
      entry('dual', '(MIT OR GPL-3.0)'),
      entry('sspl', 'SSPL-1.0'),
      entry('busl', 'BUSL-1.1'),
      entry('lgpl', 'LGPL-3.0-or-later'),
      entry('mpl', 'MPL-2.0'),
      entry('mit', 'MIT'),
      entry('apache', 'Apache-2.0'),
    ];
    expect(refusedLicenses(list).map((e) => e.name)).toEqual(['agpl', 'gpl', 'dual', 'sspl', 'busl']);
  });

  it('finds none in the production dependencies (ua-parser-js 2, AGPL, is gone)', () => {
    const list = collectLicenses(process.cwd());
    expect(list.some((e) => e.name === 'ua-parser-js')).toBe(false);
    expect(refusedLicenses(list)).toEqual([]);
  });
});
