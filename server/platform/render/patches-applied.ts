import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files of node_modules that a patch in patches/ changes (patch-package's unified diffs) and
 * that do not hold every line the patch adds: an install that skipped `postinstall` (e.g.
 * `npm ci --ignore-scripts`) would otherwise serve unpatched Vike, silently (issue 21, decision
 * 0033). Paths relative to rootDir; empty when everything is applied.
 */
export function unpatchedFiles(rootDir: string): string[] {
  const dir = join(rootDir, 'patches');
  if (!existsSync(dir)) return [];
  const missing: string[] = [];
  for (const patch of readdirSync(dir).filter((f) => f.endsWith('.patch'))) {
    for (const { file, added } of addedLines(readFileSync(join(dir, patch), 'utf8'))) {
      const path = join(rootDir, file);
      const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
      if (text === null || added.some((line) => !text.includes(line))) missing.push(file);
    }
  }
  return missing;
}

/** Per file of a unified diff: its path (after `+++ b/`) and the non-blank lines it adds, trimmed. */
export function addedLines(diff: string): Array<{ file: string; added: string[] }> {
  const files: Array<{ file: string; added: string[] }> = [];
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) files.push({ file: line.slice(4).replace(/^b\//, '').trim(), added: [] });
    else if (line.startsWith('+') && files.length > 0) {
      const added = line.slice(1).trim();
      if (added) files[files.length - 1]?.added.push(added);
    }
  }
  return files;
}
