import { describe, expect, it } from 'vitest';
import {
  isLanguage,
  type Language,
  languages,
  matchAcceptLanguage,
  normalizeLanguage,
  parseAcceptLanguage,
  pickLanguage,
} from './language.ts';

describe('isLanguage / normalizeLanguage', () => {
  it('supports exactly ja and en', () => {
    expect(languages).toEqual(['ja', 'en']);
    expect(isLanguage('ja')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage('JA')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it.each([
    ['ja', 'ja'],
    ['en', 'en'],
    ['EN', 'en'],
    [' ja ', 'ja'],
    ['ja-JP', 'ja'],
    ['en-US', 'en'],
    ['en_GB', 'en'],
    ['fr', null],
    ['', null],
    ['jap', null],
    ['english', null],
    ['*', null],
  ])('%j -> %s', (value, expected) => {
    expect(normalizeLanguage(value)).toBe(expected);
  });

  it('null and undefined give null', () => {
    expect(normalizeLanguage(null)).toBeNull();
    expect(normalizeLanguage(undefined)).toBeNull();
  });
});

describe('parseAcceptLanguage', () => {
  it('reads ranges and q-values in order', () => {
    expect(parseAcceptLanguage('en-US,en;q=0.9,ja;q=0.8')).toEqual([
      { range: 'en-us', q: 1 },
      { range: 'en', q: 0.9 },
      { range: 'ja', q: 0.8 },
    ]);
  });

  it('tolerates spaces and upper-case Q', () => {
    expect(parseAcceptLanguage(' fr , ja ; Q=0.5 ')).toEqual([
      { range: 'fr', q: 1 },
      { range: 'ja', q: 0.5 },
    ]);
  });

  it('reads the wildcard and q=0', () => {
    expect(parseAcceptLanguage('*;q=0.1, ja;q=0')).toEqual([
      { range: '*', q: 0.1 },
      { range: 'ja', q: 0 },
    ]);
  });

  it('accepts the boundary q-values', () => {
    expect(parseAcceptLanguage('a;q=1.000,b;q=0.001,c;q=1.,d;q=0.').map((e) => e.q)).toEqual([1, 0.001, 1, 0]);
  });

  it('skips entries with malformed ranges or q-values', () => {
    expect(parseAcceptLanguage('ja;q=2, en;q=abc, fr;q=0.0001, de;q=-1, ,;q=1, zh;q=, 日本語, en us')).toEqual([]);
  });

  it('ignores parameters other than q', () => {
    expect(parseAcceptLanguage('ja;level=1;q=0.4')).toEqual([{ range: 'ja', q: 0.4 }]);
  });

  it('parses an empty header to nothing', () => {
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('matchAcceptLanguage', () => {
  it.each<[string, Language, Language | null]>([
    ['en-US,en;q=0.9,ja;q=0.8', 'ja', 'en'],
    ['ja,en-US;q=0.9,en;q=0.8', 'en', 'ja'],
    ['ja-JP', 'en', 'ja'],
    ['en-GB', 'ja', 'en'],
    ['fr, ja;q=0.5', 'en', 'ja'],
    ['fr', 'ja', null],
    ['fr, de;q=0.9', 'en', null],
    ['', 'ja', null],
    // q ordering beats header order
    ['ja;q=0.5, en;q=0.6', 'ja', 'en'],
    // equal q: the one named first
    ['en, ja', 'ja', 'en'],
    ['ja, en', 'en', 'ja'],
    // q=0 means not acceptable
    ['ja;q=0', 'ja', null],
    ['ja;q=0, en;q=0.1', 'ja', 'en'],
    ['en;q=0', 'en', null],
    // the exact range decides over sub-ranges
    ['en-US;q=0, en;q=0.9, ja;q=0.5', 'ja', 'en'],
    ['en;q=0, en-US, ja;q=0.5', 'en', 'ja'],
    // the best sub-range counts when there is no exact range
    ['en-US;q=0.2, en-GB;q=0.7, ja;q=0.5', 'ja', 'en'],
    // the wildcard: store default among equals, named languages first, refusals respected
    ['*', 'ja', 'ja'],
    ['*', 'en', 'en'],
    ['fr, *;q=0.5', 'en', 'en'],
    ['fr, *;q=0.5', 'ja', 'ja'],
    ['*, en', 'ja', 'en'],
    ['en;q=0.5, *;q=0.5', 'ja', 'en'],
    ['*;q=0.9, ja', 'en', 'ja'],
    ['ja;q=0, *', 'ja', 'en'],
    ['*;q=0', 'ja', null],
    ['*;q=0, en;q=0.3', 'ja', 'en'],
    // malformed entries are skipped, the rest still counts
    ['ja;q=abc, en;q=0.2', 'ja', 'en'],
  ])('%j (store default %s) -> %s', (header, storeDefault, expected) => {
    expect(matchAcceptLanguage(header, storeDefault)).toBe(expected);
  });
});

describe('pickLanguage', () => {
  it('the query wins over everything', () => {
    expect(pickLanguage({ query: 'en', cookie: 'ja', acceptLanguage: 'ja', storeDefault: 'ja' })).toBe('en');
  });

  it('the cookie wins over Accept-Language and the default', () => {
    expect(pickLanguage({ cookie: 'en', acceptLanguage: 'ja', storeDefault: 'ja' })).toBe('en');
    expect(pickLanguage({ query: null, cookie: 'ja', acceptLanguage: 'en', storeDefault: 'en' })).toBe('ja');
  });

  it('Accept-Language wins over the default', () => {
    expect(pickLanguage({ acceptLanguage: 'en-US,en;q=0.9,ja;q=0.8', storeDefault: 'ja' })).toBe('en');
    expect(pickLanguage({ acceptLanguage: 'fr, ja;q=0.5', storeDefault: 'en' })).toBe('ja');
  });

  it('falls back to the store default', () => {
    expect(pickLanguage({ storeDefault: 'ja' })).toBe('ja');
    expect(pickLanguage({ storeDefault: 'en' })).toBe('en');
    expect(pickLanguage({ query: null, cookie: null, acceptLanguage: null, storeDefault: 'en' })).toBe('en');
    expect(pickLanguage({ acceptLanguage: 'fr', storeDefault: 'en' })).toBe('en');
    expect(pickLanguage({ acceptLanguage: '', storeDefault: 'ja' })).toBe('ja');
    expect(pickLanguage({ acceptLanguage: 'ja;q=0, en;q=0', storeDefault: 'ja' })).toBe('ja');
  });

  it('skips an unsupported query to the cookie', () => {
    expect(pickLanguage({ query: 'fr', cookie: 'en', storeDefault: 'ja' })).toBe('en');
  });

  it('skips an unsupported query and cookie to Accept-Language', () => {
    expect(pickLanguage({ query: 'zz', cookie: '', acceptLanguage: 'en', storeDefault: 'ja' })).toBe('en');
  });

  it('skips everything unsupported to the default', () => {
    expect(pickLanguage({ query: 'xx', cookie: 'yy', acceptLanguage: 'zz', storeDefault: 'en' })).toBe('en');
  });

  it('normalizes query and cookie values', () => {
    expect(pickLanguage({ query: 'EN-us', storeDefault: 'ja' })).toBe('en');
    expect(pickLanguage({ cookie: 'JA', storeDefault: 'en' })).toBe('ja');
  });
});
