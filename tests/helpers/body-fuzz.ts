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

// Form bodies and query strings: the same hostile values as the JSON bodies' (NUL among them),
// sent as urlencoded fields, and multipart bodies that do not parse.

export type Fields = [string, string][];

/** A hostile value of one form field or query parameter. */
export const hostileField: fc.Arbitrary<string> = fc.oneof(
  oddStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  hugeString.map((s) => s.slice(0, 5_000)),
);

/** One change to a list of fields. */
function fieldMutation(keys: string[]): fc.Arbitrary<(fields: Fields) => Fields> {
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('x');
  return fc.oneof(
    // a field's value replaced
    fc.tuple(key, hostileField).map(
      ([k, v]) =>
        (f: Fields) =>
          f.map(([name, value]): [string, string] => [name, name === k ? v : value]),
    ),
    // a NUL character added to a field's value
    key.map((k) => (f: Fields) => f.map(([name, value]): [string, string] => [name, name === k ? `${value}\u0000` : value])),
    // a field dropped
    key.map((k) => (f: Fields) => f.filter(([name]) => name !== k)),
    // a field repeated with another value
    fc.tuple(key, hostileField).map(
      ([k, v]) =>
        (f: Fields): Fields => [...f, [k, v]],
    ),
    // an extra field (prototype pollution keys among them)
    fc.tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS, 'storeId', 'accountId', ''), fc.string({ maxLength: 12 })), hostileField).map(
      ([k, v]) =>
        (f: Fields): Fields => [...f, [k, v]],
    ),
  );
}

/** Valid fields changed by 1 to 3 mutations, as urlencoded text (a form body or a query string). */
export function mutatedFields(seeds: Fields[]): fc.Arbitrary<string> {
  const keys = [...new Set(seeds.flatMap((s) => s.map(([k]) => k)))];
  return fc
    .tuple(fc.constantFrom(...(seeds.length > 0 ? seeds : [[]])), fc.array(fieldMutation(keys), { minLength: 1, maxLength: 3 }))
    .map(([seed, changes]) => new URLSearchParams(changes.reduce((f, change) => change(f), seed)).toString().slice(0, MAX_TEXT));
}

/** Urlencoded texts no encoder writes: bad escapes, encoded NUL and lone surrogates, no names. */
export const rawFields = fc.constantFrom(
  '',
  '%',
  '%zz',
  '=',
  '&&&',
  '==&==',
  'uid',
  'uid=%00',
  'uid=a%00b',
  'uid=%ff%fe',
  'uid=%ed%a0%80',
  'uid=%c0%80',
  'uid[]=x',
  'uid=x&uid=y&uid=z',
  'client_id=%00',
  `uid=${'x'.repeat(20_000)}`,
);

const CRLF = '\r\n';

/** Multipart bodies that do not parse (no boundary, another boundary, cut short, parts without a name). */
export function malformedMultipart(): fc.Arbitrary<{ contentType: string; body: string }> {
  const part = (name: string | null, value: string) =>
    `Content-Disposition: form-data${name === null ? '' : `; name="${name}"`}${CRLF}${CRLF}${value}`;
  return fc.oneof(
    fc.constantFrom(
      { contentType: 'multipart/form-data', body: `--x${CRLF}${part('uid', 'a')}${CRLF}--x--` },
      { contentType: 'multipart/form-data; boundary=', body: `--${CRLF}${part('uid', 'a')}${CRLF}----` },
      { contentType: 'multipart/form-data; boundary=zzz', body: '' },
      { contentType: 'multipart/form-data; boundary=zzz', body: 'uid=a' },
      { contentType: 'multipart/form-data; boundary=zzz', body: `--other${CRLF}${part('uid', 'a')}${CRLF}--other--` },
      { contentType: 'multipart/form-data; boundary=zzz', body: `--zzz${CRLF}${part('uid', 'a')}` },
      { contentType: 'multipart/form-data; boundary=zzz', body: `--zzz${CRLF}${part(null, 'a')}${CRLF}--zzz--` },
      { contentType: 'multipart/form-data; boundary=zzz', body: `--zzz${CRLF}Content-Disposition: form-data; name="uid${CRLF}--zzz--` },
      { contentType: 'multipart/form-data; boundary=zzz', body: `--zzz${CRLF}${CRLF}${CRLF}--zzz--` },
    ),
    // a well-formed body cut at some byte
    fc.nat({ max: 60 }).map((at) => ({
      contentType: 'multipart/form-data; boundary=zzz',
      body: `--zzz${CRLF}${part('uid', 'abc')}${CRLF}--zzz--${CRLF}`.slice(0, at),
    })),
  );
}
