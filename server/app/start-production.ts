import { ConfigError, loadConfig } from '#server/base/config.ts';
import { isConnectionError } from '#server/db/client.ts';
import { unpatchedFiles } from '#server/platform/render/patches-applied.ts';
import { builtFiles } from '#server/platform/render/static-files.ts';
import { vikeRenderer } from '#server/platform/render/vike.ts';
import { boot } from './boot.ts';

/** Serves the production build: pages through Vike, assets from dist/client. */
export async function startProduction() {
  try {
    const config = loadConfig();
    // The build was tested with the patched Vike: never serve pages with another (decision 0033).
    const unpatched = unpatchedFiles(config.rootDir);
    if (unpatched.length > 0) {
      throw new ConfigError(
        `The patches in patches/ are not applied to ${unpatched.join(', ')}: install with scripts enabled (npm ci --omit=dev runs patch-package), or run npx patch-package`,
      );
    }
    await boot({
      config,
      renderPage: vikeRenderer,
      staticFiles: builtFiles('./dist/client'),
    });
  } catch (err) {
    // What an operator can fix (configuration, a busy port, no database) in one line; else the stack.
    const line =
      err instanceof ConfigError
        ? err.message
        : isConnectionError(err)
          ? `Cannot reach the database (DATABASE_URL): ${(err as Error).message}`
          : (err as Error).stack;
    process.stderr.write(`${line}\n`);
    process.exit(1);
  }
}
