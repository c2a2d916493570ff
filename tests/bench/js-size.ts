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

/**
 * The JavaScript of any page of a running server: its HTML as `host` asks for it at `path`, then
 * every file `pageJavaScript` follows. Also the page's HTML size and stylesheet links, for the
 * goal table.
 */
export async function measurePage(
  port: number,
  host: string,
  path: string,
): Promise<JsTotals & { htmlBytes: number; stylesheets: string[] }> {
  const { getAsHost } = await import('../e2e/server-process.ts');
  const page = await getAsHost(port, host, path);
  if (page.status !== 200) throw new Error(`${host}${path} answered ${page.status}`);
  const html = page.body.toString('utf8');
  const js = await pageJavaScript(html, async (p) => {
    const res = await getAsHost(port, host, p);
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    return res.body;
  });
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1] ?? '');
  return { ...js, htmlBytes: page.body.length, stylesheets };
}

if (import.meta.filename === process.argv[1]) {
  // node tests/bench/js-size.ts --port 3000 [--host aozora.localhost] [/ /login …]
  const args = process.argv.slice(2);
  const flag = (name: string, fallback: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? (args.splice(at, 2)[1] ?? fallback) : fallback;
  };
  const port = Number(flag('--port', '3000'));
  const host = flag('--host', 'aozora.localhost');
  const paths = args.length > 0 ? args : ['/', '/login'];
  const rows = [];
  for (const path of paths) {
    const m = await measurePage(port, host, path);
    rows.push({
      host,
      path,
      html: m.htmlBytes,
      files: m.total.count,
      raw: m.total.raw,
      gzip9: m.total.gzip9,
      gzipDefault: m.total.gzipDefault,
    });
  }
  const { formatTable } = await import('./lighthouse.ts');
  process.stdout.write(`${formatTable(rows)}\n`);
}
