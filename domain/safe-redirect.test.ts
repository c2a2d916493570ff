import { describe, expect, it } from 'vitest';
import { HOSTILE_REDIRECTS } from './safe-redirect.test-cases.ts';
import { safeRedirect } from './safe-redirect.ts';

const STORE = 'http://midori.test.localhost';

describe('safeRedirect', () => {
  it.each(HOSTILE_REDIRECTS)('refuses %s', (_what, value) => {
    expect(safeRedirect(value)).toBe('/');
    expect(safeRedirect(value, '')).toBe('');
  });

  it.each([
    ['/', '/'],
    ['/plans/monthly?from=login#top', '/plans/monthly?from=login#top'],
    ['/signup/plans', '/signup/plans'],
    // A nested redirectTo is checked again where it is used.
    ['/login?redirectTo=%2F%2Fevil.example', '/login?redirectTo=%2F%2Fevil.example'],
    ['/plans/../plans/monthly', '/plans/monthly'],
    ['/a b', '/a%20b'],
    ['/プラン', '/%E3%83%97%E3%83%A9%E3%83%B3'],
    ['/100%', '/100%'],
    // Look-alikes that no step folds into a slash stay a path on this site.
    ['/∕∕evil.example', '/%E2%88%95%E2%88%95evil.example'],
    ['/javascript:alert(1)', '/javascript:alert(1)'],
  ])('keeps the same-site path %j as %j', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it('gives the fallback for what is not a string or longer than 2000 characters', () => {
    expect(safeRedirect(`/${'a'.repeat(2000)}`)).toBe('/');
    for (const value of [undefined, null, 42, {}, ['/plans']]) expect(safeRedirect(value)).toBe('/');
    expect(safeRedirect(undefined, '')).toBe('');
  });

  it('answers only paths that stay on the store when a browser follows them', () => {
    for (const [, value] of HOSTILE_REDIRECTS) {
      const target = safeRedirect(value, '/plans');
      expect(new URL(target, STORE).origin, value).toBe(STORE);
    }
  });
});
