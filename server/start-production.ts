import { serveStatic } from '@hono/node-server/serve-static';
import { boot } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { vikeRenderer } from './render/vike.ts';

/** Serves the production build: pages through Vike, assets from dist/client. */
export async function startProduction() {
  try {
    const config = loadConfig();
    await boot({
      config,
      renderPage: vikeRenderer,
      staticFiles: serveStatic({
        root: './dist/client',
        // scripts/precompress.ts wrote .br and .gz beside each file at build time.
        precompressed: true,
        onFound: (path, c) => {
          if (path.includes('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    });
  } catch (err) {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).stack}\n`);
    process.exit(1);
  }
}
