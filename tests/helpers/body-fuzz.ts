// fast-check arbitraries for hostile request bodies: mutations of a valid body (wrong types,
// missing and extra keys, nulls, huge strings, deep nesting, odd unicode, numbers as strings,
// arrays for objects, prototype-pollution keys) and raw payloads that are not a JSON object at all.
import fc from 'fast-check';

type Body = Record<string, unknown>;

/** Longer texts are cut here: the body limit (100 KiB by default) refuses them all the same way. */
const MAX_TEXT = 150_000;

/** Sets an own, enumerable property, even for "__proto__" (plain assignment would set the prototype). */
function put(target: Body, key: string, value: unknown): Body {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

const copy = (body: Body): Body => Object.keys(body).reduce((out, k) => put(out, k, body[k]), {} as Body);

const nest = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\u200b\u200b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '😀'.repeat(40),
  'ｆｕｌｌ＠ｗｉｄｔｈ．ｊｐ',
  '１２３４５６',
  '12345６',
  ' 123456 ',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'a@b',
  '@example.jp',
  'user@',
  'user@@example.jp',
  'user@example..jp',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '1e400',
  '-0',
  '\r\n\t',
  'ア'.repeat(300),
);

/** A string of tens of thousands of characters (close to, and over, the body limit). */
const hugeString = fc.constantFrom(
  'a'.repeat(5_000),
  'あ'.repeat(20_000),
  `${'a'.repeat(60)}@example.jp`,
  `x@${'d'.repeat(300)}.jp`,
  '1'.repeat(200_000),
);

/** A value of some unexpected type or shape. */
export const strangeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308),
  fc.integer({ min: 0, max: 999_999 }).map(String),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  oddStrings,
  hugeString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean()).map(([d, arr]) => nest(d, 1, arr)),
  fc.constantFrom(...POLLUTION_KEYS).map((k) => put({}, k, { polluted: true, isAdmin: true })),
  fc.jsonValue({ maxDepth: 3 }),
);

type Mutation = (body: Body) => unknown;

/** One change to an object body. */
function mutation(keys: string[]): fc.Arbitrary<Mutation> {
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  const newKey = fc.oneof(fc.constantFrom(...POLLUTION_KEYS, 'storeId', 'accountId', 'isAdmin', 'id', ''), fc.string({ maxLength: 12 }));
  return fc.oneof(
    // missing key
    key.map((k) => (b: Body) => {
      const out = copy(b);
      delete out[k];
      return out;
    }),
    // wrong type / strange value
    fc.tuple(key, strangeValue).map(
      ([k, v]) =>
        (b: Body) =>
          put(copy(b), k, v),
    ),
    // number as string and string as number
    key.map((k) => (b: Body) => {
      const v = b[k];
      return put(copy(b), k, typeof v === 'number' ? String(v) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : [v]);
    }),
    // a string stretched, padded or doubled
    fc.tuple(key, fc.constantFrom('repeat', 'pad', 'upper', 'fullwidth', 'nul')).map(([k, how]) => (b: Body) => {
      const v = typeof b[k] === 'string' ? (b[k] as string).slice(0, 300) : 'x';
      const changed =
        how === 'repeat'
          ? v.repeat(400)
          : how === 'pad'
            ? `\u3000${v}\u3000\u200b`
            : how === 'upper'
              ? v.toUpperCase()
              : how === 'fullwidth'
                ? v.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0))
                : `${v}\u0000`;
      return put(copy(b), k, changed);
    }),
    // extra key (prototype pollution among them)
    fc.tuple(newKey, strangeValue).map(
      ([k, v]) =>
        (b: Body) =>
          put(copy(b), k, v),
    ),
    // the value wrapped in an array or an object
    key.map((k) => (b: Body) => put(copy(b), k, { value: b[k] })),
    // the whole body replaced
    strangeValue.map((v) => () => v),
    fc.constant((b: Body) => [b]),
    fc.constant((b: Body) => ({ data: b })),
    fc.constant(() => ({})),
  );
}

/** Valid bodies changed by 1 to 4 mutations, as JSON text. */
export function mutatedBody(seeds: Body[]): fc.Arbitrary<string> {
  const keys = [...new Set(seeds.flatMap((s) => Object.keys(s)))];
  return fc
    .tuple(fc.constantFrom(...(seeds.length > 0 ? seeds : [{}])), fc.array(mutation(keys), { minLength: 1, maxLength: 4 }))
    .map(([seed, changes]) => {
      let v: unknown = seed;
      for (const change of changes) v = change(v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
      // Mutations can compound (a deep value repeated); past the body limit every body is alike.
      return (JSON.stringify(v) ?? 'undefined').slice(0, MAX_TEXT);
    });
}

/** Payloads that are not JSON, or JSON of something other than an object. */
export function rawPayload(seeds: Body[]): fc.Arbitrary<string> {
  const validText = seeds.map((s) => JSON.stringify(s));
  const fixed = [
    '',
    ' ',
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '{a:1}',
    'null',
    'true',
    '0',
    '"x"',
    '[]',
    '[{}]',
    'NaN',
    'Infinity',
    'undefined',
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2,"a":3}',
    `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
    `"${'x'.repeat(150_000)}"`,
    'a=1&b=2',
    '<xml/>',
    '\u0000\u0001\u0002',
  ];
  return fc.oneof(
    fc.constantFrom(...fixed),
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    // a valid body cut short or with a byte changed
    fc
      .tuple(fc.constantFrom(...(validText.length > 0 ? validText : ['{}'])), fc.nat(), fc.string({ minLength: 1, maxLength: 3 }))
      .map(([t, at, junk]) => {
        const i = at % Math.max(1, t.length);
        return at % 2 === 0 ? t.slice(0, i) : `${t.slice(0, i)}${junk}${t.slice(i + 1)}`;
      }),
  );
}

/** The value the server sees for a JSON text, or a marker when it does not parse. */
export const NOT_JSON = Symbol('not json');
export function parsedAsServer(text: string): unknown {
  // As the request travels: UTF-8 encoded (a lone surrogate becomes U+FFFD), decoded with the BOM dropped.
  const received = new TextDecoder().decode(new TextEncoder().encode(text));
  try {
    return JSON.parse(received);
  } catch {
    return NOT_JSON;
  }
}
