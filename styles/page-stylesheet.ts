import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The page stylesheets: registered by the render (`client/pages/+headHtmlEnd.ts`), answered by the Hono
 * app (`server/platform/render/stylesheets.ts`). Both may import this folder; it imports nothing of ours.
 */

/** URL prefix of the page stylesheets. */
export const STYLESHEET_PATH = '/styles/';

/**
 * Distinct stylesheets kept in this process: pages x states (a few dozen in practice) and one brand
 * rule per theme and colour set; the oldest goes first (an evicted file is still answered from
 * `page_stylesheets`).
 */
const MAX_SHEETS = 2000;

/** What one render inserted: Emotion's cache (`client/emotion-cache.ts`) and the order of its rule names. */
export type RenderedStyles = { cache: { inserted: Record<string, string | true | undefined> }; order: readonly string[] };

/** A stylesheet as sent: the text and its Brotli and gzip forms, each made once. */
export type Stylesheet = { css: string; br: Buffer; gzip: Buffer };

type Registry = {
  byNames: Map<string, string>;
  byFile: Map<string, Stylesheet>;
  /** Told of each new stylesheet, so the server can share it with its other processes. */
  sink?: (file: string, css: string) => void;
};

// The Vike server bundle and the Hono app are separate bundles in one process: the registry lives
// on globalThis so both see the same one.
const KEY = Symbol.for('store-platform.page-stylesheets');
const shared = globalThis as Record<symbol, Registry | undefined>;
const registry: Registry = shared[KEY] ?? { byNames: new Map(), byFile: new Map() };
shared[KEY] = registry;

/**
 * The stylesheet file name (content hash) of one render's styles, registering its CSS the first
 * time. Component styles refer to the store's values through CSS variables, so the same page in
 * the same state gives the same file for every store.
 */
export function pageStylesheet({ cache, order }: RenderedStyles): string | null {
  if (order.length === 0) return null;
  const names = order.join(' ');
  const known = registry.byNames.get(names);
  if (known) return known;
  const css = order
    .map((name) => cache.inserted[name])
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');
  return register(names, css);
}

/**
 * The stylesheet file name of a store's brand rule (`:root{--st-…}`), registered like a page's: one
 * file per theme and colour set, so no response repeats it inline.
 */
export function brandStylesheet(varsCss: string): string {
  const key = `brand ${varsCss}`;
  return registry.byNames.get(key) ?? register(key, varsCss);
}

function register(key: string, css: string): string {
  const file = `${createHash('sha256').update(css).digest('base64url').slice(0, 16)}.css`;
  if (registry.byNames.size >= MAX_SHEETS) {
    const [oldestKey, oldestFile] = registry.byNames.entries().next().value as [string, string];
    registry.byNames.delete(oldestKey);
    if (![...registry.byNames.values()].includes(oldestFile)) registry.byFile.delete(oldestFile);
  }
  registry.byNames.set(key, file);
  if (!registry.byFile.has(file)) {
    adoptStylesheet(file, css);
    registry.sink?.(file, css);
  }
  return file;
}

/** Keeps a stylesheet (rendered here, or by another process and read back) with its compressed forms. */
export function adoptStylesheet(file: string, css: string): Stylesheet {
  const sheet = {
    css,
    br: brotliCompressSync(css, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(css, { level: 9 }),
  };
  registry.byFile.set(file, sheet);
  return sheet;
}

/** Where new stylesheets are reported (the server stores them for its other processes). */
export function onNewStylesheet(sink: (file: string, css: string) => void) {
  registry.sink = sink;
}

/** A registered stylesheet file, if this process rendered a page that uses it. */
export function stylesheetFile(file: string): Stylesheet | undefined {
  return registry.byFile.get(file);
}
