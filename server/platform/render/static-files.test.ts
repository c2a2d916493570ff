import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { builtFiles, listFiles } from './static-files.ts';

const root = mkdtempSync(join(tmpdir(), 'static-files-'));
mkdirSync(join(root, 'assets'));
mkdirSync(join(root, 'brand/aozora'), { recursive: true });
writeFileSync(join(root, 'assets/entry-abc.js'), 'export {};');
writeFileSync(join(root, 'brand/aozora/logo.svg'), '<svg/>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('built files', () => {
  it('lists every file under the root as a URL path', () => {
    expect([...listFiles(root)].sort()).toEqual(['/assets/entry-abc.js', '/brand/aozora/logo.svg']);
  });

  it('serves a built file and passes every other path on without touching the disk', async () => {
    const app = new Hono();
    app.use(builtFiles(root));
    app.get('*', (c) => c.text('page'));
    const js = await app.request('/assets/entry-abc.js');
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('export {};');
    expect(await (await app.request('/brand/aozora/logo.svg')).text()).toBe('<svg/>');
    expect(await (await app.request('/plans')).text()).toBe('page');
    expect(await (await app.request('/assets/missing.js')).text()).toBe('page');
    expect(await (await app.request('/%E0%A4%A')).text()).toBe('page');
  });
});
