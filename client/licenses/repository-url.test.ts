import { describe, expect, it } from 'vitest';
import { repositoryLabel, repositoryUrl } from './repository-url.ts';

describe('repositoryUrl', () => {
  it.each([
    ['https://github.com/babel/babel', 'https://github.com/babel/babel'],
    ['github:brillout/import', 'https://github.com/brillout/import'],
    ['lukeed/polka', 'https://github.com/lukeed/polka'],
    ['gitlab:o/r', 'https://gitlab.com/o/r'],
    ['git@github.com:colorjs/color-name', 'https://github.com/colorjs/color-name'],
    ['git://github.com/thlorenz/convert-source-map', 'https://github.com/thlorenz/convert-source-map'],
    ['ssh://github.com/browserify/resolve', 'https://github.com/browserify/resolve'],
    ['ssh://git@github.com/remusao/tldts', 'https://github.com/remusao/tldts'],
    ['http://github.com/mozilla/source-map', 'https://github.com/mozilla/source-map'],
    ['git+https://github.com/o/r.git', 'https://github.com/o/r'],
  ])('%s', (input, expected) => {
    expect(repositoryUrl(input)).toBe(expected);
  });
  it('gives null for nothing usable', () => {
    expect(repositoryUrl(undefined)).toBeNull();
    expect(repositoryUrl('')).toBeNull();
    expect(repositoryUrl('javascript:alert(1)')).toBeNull();
    expect(repositoryUrl('not a url')).toBeNull();
  });
  it('labels without the scheme', () => {
    expect(repositoryLabel('https://github.com/o/r')).toBe('github.com/o/r');
  });
});
