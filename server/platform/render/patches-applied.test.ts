import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unpatchedFiles } from './patches-applied.ts';

const PATCH = `diff --git a/node_modules/pkg/dist/a.js b/node_modules/pkg/dist/a.js
index 1..2 100644
--- a/node_modules/pkg/dist/a.js
+++ b/node_modules/pkg/dist/a.js
@@ -1,3 +1,4 @@
 const x = 1;
-const y = fork(x);
+    // Patched (store-platform): no fork.
+const y = x;
 export { y };
diff --git a/node_modules/pkg/dist/b.js b/node_modules/pkg/dist/b.js
--- a/node_modules/pkg/dist/b.js
+++ b/node_modules/pkg/dist/b.js
@@ -1 +1 @@
-old();
+fresh();
`;

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function project(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), 'patches-'));
  mkdirSync(join(root, 'patches'));
  writeFileSync(join(root, 'patches', 'pkg+1.0.0.patch'), PATCH);
  mkdirSync(join(root, 'node_modules', 'pkg', 'dist'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'node_modules', 'pkg', 'dist', name), text);
  return root;
}

describe('unpatchedFiles', () => {
  it('is empty when every file holds every line its patch adds', () => {
    const dir = project({
      'a.js': 'const x = 1;\n// Patched (store-platform): no fork.\nconst y = x;\nexport { y };\n',
      'b.js': 'fresh();\n',
    });
    expect(unpatchedFiles(dir)).toEqual([]);
  });

  it('names the files an install left unpatched (scripts skipped) or missing', () => {
    const dir = project({ 'a.js': 'const x = 1;\nconst y = fork(x);\nexport { y };\n' });
    expect(unpatchedFiles(dir)).toEqual(['node_modules/pkg/dist/a.js', 'node_modules/pkg/dist/b.js']);
  });
});
