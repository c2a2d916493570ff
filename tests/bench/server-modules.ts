/**
 * The server's modules for a measurement that runs the app in its own process: they use Lingui
 * macros, which plain Node cannot load, so they are loaded through Vite with the same plugins as
 * the server build (docs/decisions/0002). `close()` when done.
 */
import { resolve } from 'node:path';
import { createServer } from 'vite';
import { linguiPlugins } from '../../build-plugins.ts';

export const ROOT = resolve(import.meta.dirname, '../..');

export async function serverModuleLoader() {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    plugins: linguiPlugins(),
    appType: 'custom',
    logLevel: 'silent',
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  return {
    // biome-ignore lint/suspicious/noExplicitAny: modules loaded by path; each caller names what it uses.
    load: (path: string): Promise<Record<string, any>> => vite.ssrLoadModule(path),
    close: () => vite.close(),
  };
}
