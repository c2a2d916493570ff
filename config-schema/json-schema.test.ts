import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { storeSettingsJsonSchema } from './json-schema.ts';

type Node = Record<string, unknown>;

const committedText = readFileSync(new URL('./store-settings.schema.json', import.meta.url), 'utf8');

describe('config-schema/store-settings.schema.json', () => {
  it('is up to date with the zod schema (run: npx node scripts/generate-json-schema.ts)', () => {
    expect(JSON.parse(committedText)).toEqual(storeSettingsJsonSchema());
  });

  it('is written as pretty JSON with a trailing newline', () => {
    expect(committedText).toBe(`${JSON.stringify(storeSettingsJsonSchema(), null, 2)}\n`);
  });
});

/** Follows a local "#/$defs/..." reference. */
function resolveRef(root: Node, ref: string): Node | undefined {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Node | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], root) as Node | undefined;
}

function hasDescription(root: Node, node: Node | undefined, seen = new Set<Node>()): boolean {
  if (!node || seen.has(node)) return false;
  seen.add(node);
  if (typeof node.description === 'string' && node.description.trim() !== '') return true;
  if (typeof node.$ref === 'string' && hasDescription(root, resolveRef(root, node.$ref), seen)) return true;
  return Array.isArray(node.allOf) && node.allOf.some((part) => hasDescription(root, part as Node, seen));
}

/** Every property of every `properties` object in the schema, with a readable location. */
function properties(node: unknown, where: string, out: Array<{ where: string; schema: Node }>): typeof out {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) properties(item, `${where}[${i}]`, out);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [name, schema] of Object.entries(value as Node)) {
          out.push({ where: `${where}.${name}`, schema: schema as Node });
          properties(schema, `${where}.${name}`, out);
        }
      } else {
        properties(value, key === 'items' ? `${where}[]` : key === '$defs' ? '#/$defs' : where, out);
      }
    }
  }
  return out;
}

describe('descriptions (editors show them while a tenant file is written)', () => {
  const schema = storeSettingsJsonSchema();
  const all = properties(schema, '$', []);

  it('walks a schema of realistic size', () => {
    expect(all.length).toBeGreaterThan(150);
  });

  it('the check itself notices a bare field and follows $ref and allOf', () => {
    const sample: Node = {
      $defs: { described: { type: 'string', description: 'd' }, bare: { type: 'string' } },
      type: 'object',
      properties: {
        a: { type: 'string', description: 'a' },
        viaRef: { $ref: '#/$defs/described' },
        viaAllOf: { allOf: [{ $ref: '#/$defs/described' }] },
        bareRef: { $ref: '#/$defs/bare' },
        list: { type: 'array', items: { type: 'object', properties: { inner: { type: 'number' } } }, description: 'l' },
      },
    };
    const missing = properties(sample, '$', [])
      .filter((p) => !hasDescription(sample, p.schema))
      .map((p) => p.where);
    expect(missing).toEqual(['$.bareRef', '$.list[].inner']);
  });

  it('every field of the document has a description', () => {
    const missing = all.filter((p) => !hasDescription(schema, p.schema)).map((p) => p.where);
    expect(missing).toEqual([]);
  });

  it('the document itself has a title and a description', () => {
    expect(schema.title).toBe('Store settings');
    expect(schema.description).toEqual(expect.any(String));
  });
});
