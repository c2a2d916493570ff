/**
 * After `vite build`: a Brotli (.br) and a gzip (.gz) copy of every compressible file the browser
 * downloads from dist/client, made once here at the highest levels, so the server sends scripts,
 * styles and images compressed without compressing per request (serveStatic `precompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '../dist/client');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.html', '.map', '.webmanifest']);
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const path of files(ROOT)) {
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
  raw += bytes.length;
  br += brotli.length;
}
process.stdout.write(`precompressed ${count} files: ${raw} B -> ${br} B brotli\n`);
