// Vike writes the page context into every page with @brillout/json-serializer; the patch in
// patches/ (decision 0057) writes a plain value with JSON.stringify alone. These check that the
// text is the same as the full way's and that the values JSON cannot carry still take it.
import { parse } from '@brillout/json-serializer/parse';
import { stringify } from '@brillout/json-serializer/stringify';
import { afterEach, describe, expect, it, vi } from 'vitest';

// A user replacer that never replaces sends every value the full way (the patch's fast path is
// only for calls without one), which gives the text to compare with.
const fullWay = (value: unknown) =>
  stringify(value, { replacer: () => undefined, htmlScriptSafe: { escapeScripts: true, escapeURLs: true } });
const asVike = (value: unknown) =>
  stringify(value, { forbidReactElements: true, htmlScriptSafe: { escapeScripts: true, escapeURLs: true } });

const pageContext = {
  pageId: '/pages/mypage',
  routeParams: {},
  data: { ok: true, plans: [{ id: 'standard-monthly', price: 990, name: { ja: 'スタンダード', en: null } }], empty: [] },
  rootData: { authId: 'a1', lang: 'ja', html: '</script><script>alert(1)</script>', url: 'https://aozora.example/a/b', x: 1.5e-7 },
  nothing: null,
};

afterEach(() => vi.restoreAllMocks());

describe('the page context as Vike writes it', () => {
  it('is the same text as the full way for a plain value, written without a replacer', () => {
    const spy = vi.spyOn(JSON, 'stringify');
    const text = asVike(pageContext);
    // One call, with no replacer: the fast path (the full way passes its replacer on every call).
    expect(spy.mock.calls.map((call) => call[1] ?? null)).toEqual([null]);
    spy.mockRestore();
    expect(text).toBe(fullWay(pageContext));
    expect(text).not.toContain('<');
    expect(parse(text)).toEqual(pageContext);
  });

  it.each([
    ['undefined', { a: undefined }],
    ['a hole', { a: new Array(2) }],
    ['a string starting with !', { a: '!Date:2026' }],
    ['a date', { a: new Date('2026-12-01T00:00:00Z') }],
    ['NaN and Infinity', { a: [Number.NaN, Number.POSITIVE_INFINITY] }],
    ['a map and a set', { a: new Map([['k', 1]]), b: new Set([1]) }],
    ['a class instance', { a: new URL('https://aozora.example/') }],
    ['minus zero', { a: -0 }],
  ])('writes %s as the full way does', (_name, value) => {
    const text = asVike(value);
    expect(text).toBe(fullWay(value));
  });

  it('still refuses a function and names a cycle', () => {
    expect(() => asVike({ a: () => 1 })).toThrow(/function/);
    expect(() => asVike({ a: { toJSON: () => 'x' } })).toThrow(/function/);
    const cyclic: Record<string, unknown> = { a: {} };
    (cyclic.a as Record<string, unknown>).back = cyclic;
    expect(() => asVike(cyclic)).toThrow();
  });
});
