import { describe, expect, it } from 'vitest';
import { moduleStateLine, noStatefulCopies } from '../../build-plugins.ts';

// The client build's guard (decision 0056): a module of ours with module-level state must not be
// copied into several chunks by the inlining of small shared chunks.

describe('moduleStateLine', () => {
  it('finds a binding that changes, an empty collection, a context or a symbol at the top level', () => {
    expect(moduleStateLine('import x from "y";\nlet remembered;\nexport function f() {}')).toBe('let remembered;');
    expect(moduleStateLine('export let count = 0;')).toBe('export let count = 0;');
    expect(moduleStateLine('var old = 1;')).toBe('var old = 1;');
    expect(moduleStateLine('const cache = new Map();')).toBe('const cache = new Map();');
    expect(moduleStateLine('export const seen = new WeakSet();')).toBe('export const seen = new WeakSet();');
    expect(moduleStateLine('const Ctx = createContext(null);')).toBe('const Ctx = createContext(null);');
    expect(moduleStateLine('const KEY = Symbol("k");')).toBe('const KEY = Symbol("k");');
  });

  it('leaves constants, constant tables and what is inside functions', () => {
    expect(moduleStateLine('const FLOW_ENDED = new Set(["A", "B"]);\nexport const X = 1;')).toBeNull();
    expect(moduleStateLine('export function f() {\n  let i = 0;\n  const m = new Map();\n  return [i, m];\n}')).toBeNull();
    expect(moduleStateLine('const subscribe = () => () => {};')).toBeNull();
  });
});

type Bundle = Record<string, { type: 'chunk'; fileName: string; moduleIds: string[] } | { type: 'asset'; fileName: string }>;

/** Runs the plugin's generateBundle on a bundle of chunks, with module code by id; answers the error, if any. */
function run(bundle: Bundle, code: Record<string, string>, consumer: 'client' | 'server' = 'client'): string | null {
  const plugin = noStatefulCopies() as unknown as { generateBundle: (this: unknown, o: unknown, b: Bundle) => void };
  let error: string | null = null;
  const ctx = {
    environment: { config: { consumer } },
    getModuleInfo: (id: string) => (id in code ? { code: code[id] } : null),
    error: (message: string) => {
      error = message;
      throw new Error(message);
    },
  };
  try {
    plugin.generateBundle.call(ctx, {}, bundle);
  } catch {
    // the message is kept in `error`
  }
  return error;
}

describe('noStatefulCopies', () => {
  const root = process.cwd();
  const store = `${root}/client/some-store.ts`;
  const texts = `${root}/client/texts.ts`;
  const code = { [store]: 'let remembered;\nexport const get = () => remembered;', [texts]: 'export const A = "a";' };
  const chunk = (fileName: string, moduleIds: string[]) => ({ type: 'chunk' as const, fileName, moduleIds });

  it('fails the client build when a module with state is in two chunks, naming it and the line', () => {
    const error = run({ a: chunk('a.js', [store, texts]), b: chunk('b.js', [store, texts]) }, code);
    expect(error).toContain('client/some-store.ts (in 2 chunks) holds state: let remembered;');
    expect(error).toContain('NOT_INLINED');
    expect(error).not.toContain('texts.ts');
  });

  it('lets a stateless copy, a module with state in one chunk, packages and the server build pass', () => {
    expect(run({ a: chunk('a.js', [store, texts]), b: chunk('b.js', [texts]) }, code)).toBeNull();
    const pkg = `${root}/node_modules/x/index.js`;
    expect(run({ a: chunk('a.js', [pkg]), b: chunk('b.js', [pkg]) }, { [pkg]: 'let x;' })).toBeNull();
    expect(run({ a: chunk('a.js', [store]), b: chunk('b.js', [store]) }, code, 'server')).toBeNull();
  });
});
