import { boot } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { builtFiles } from './render/static-files.ts';
import { vikeRenderer } from './render/vike.ts';

/** Serves the production build: pages through Vike, assets from dist/client. */
export async function startProduction() {
  try {
    const config = loadConfig();
    await boot({
      config,
      renderPage: vikeRenderer,
      staticFiles: builtFiles('./dist/client'),
    });
  } catch (err) {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).stack}\n`);
    process.exit(1);
  }
}
