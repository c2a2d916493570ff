/**
 * All the JavaScript a page loads before it is interactive: the HTML's script src and
 * modulepreload links, then, recursively, the static imports inside those files that stay under
 * /assets/. Dynamic import() targets load later, on demand, and are not counted.
 */
import { constants, gzipSync } from 'node:zlib';

export type JsFile = { path: string; raw: number; gzip9: number; gzipDefault: number };
export type JsTotals = { files: JsFile[]; total: Omit<JsFile, 'path'> & { count: number } };

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g;
const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"|<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g;
// import x from "…", import{a}from"…", import "…", export{a}from"…"; never import("…").
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();=]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

export function entryScripts(html: string): string[] {
  const found = [...html.matchAll(SCRIPT_SRC)].map((m) => m[1]);
  for (const m of html.matchAll(MODULEPRELOAD)) found.push(m[1] ?? m[2]);
  return [...new Set(found.filter((p): p is string => Boolean(p)))];
}

export function staticImports(code: string, fromPath: string): string[] {
  const base = new URL(fromPath, 'http://x');
  return [...code.matchAll(STATIC_IMPORT)].map((m) => new URL(m[1] ?? '', base).pathname).filter((p) => p.startsWith('/assets/'));
}

/** Follows the graph from the page's entries; `fetchText` reads one path from the server. */
export async function pageJavaScript(html: string, fetchBytes: (path: string) => Promise<Buffer>): Promise<JsTotals> {
  const queue = entryScripts(html).map((src) => new URL(src, 'http://x').pathname);
  const seen = new Set<string>();
  const files: JsFile[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const bytes = await fetchBytes(path);
    files.push({
      path,
      raw: bytes.length,
      gzip9: gzipSync(bytes, { level: 9 }).length,
      gzipDefault: gzipSync(bytes, { level: constants.Z_DEFAULT_COMPRESSION }).length,
    });
    queue.push(...staticImports(bytes.toString('utf8'), path));
  }
  files.sort((a, b) => b.raw - a.raw);
  const sum = (k: 'raw' | 'gzip9' | 'gzipDefault') => files.reduce((n, f) => n + f[k], 0);
  return { files, total: { count: files.length, raw: sum('raw'), gzip9: sum('gzip9'), gzipDefault: sum('gzipDefault') } };
}
