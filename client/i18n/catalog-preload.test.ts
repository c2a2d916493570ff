import { describe, expect, it } from 'vitest';
import { catalogPreloads } from './catalog-preload.ts';

const assetsManifest = {
  'locales/ja.po': { file: 'assets/chunks/chunk-ja1.js', src: 'locales/ja.po', isDynamicEntry: true },
  'locales/en.po': { file: 'assets/chunks/chunk-en1.js', src: 'locales/en.po', isDynamicEntry: true, imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/chunks/chunk-rt.js' },
};

describe('catalogPreloads', () => {
  it("gives the built file of the language's catalog", () => {
    expect(catalogPreloads({ assetsManifest, baseAssets: '/' }, 'ja')).toEqual(['/assets/chunks/chunk-ja1.js']);
  });

  it('adds the files the catalog imports, under the assets base', () => {
    expect(catalogPreloads({ assetsManifest, baseAssets: '/static/' }, 'en')).toEqual([
      '/static/assets/chunks/chunk-en1.js',
      '/static/assets/chunks/chunk-rt.js',
    ]);
  });

  it('gives nothing in development (no manifest) or when the catalog is not in the build', () => {
    expect(catalogPreloads({ assetsManifest: null, baseAssets: '/' }, 'ja')).toEqual([]);
    expect(catalogPreloads({ assetsManifest: {}, baseAssets: '/' }, 'ja')).toEqual([]);
  });
});
