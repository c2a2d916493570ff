import { defineConfig } from 'vite';
import { linguiPlugins } from './build-plugins.ts';

// Builds the Hono server (server/app/main.ts) into dist/app/main.js. Our code is bundled (so Lingui
// macros and catalogs work on the server too); packages stay in node_modules.
export default defineConfig({
  plugins: linguiPlugins(),
  build: {
    ssr: 'server/app/main.ts',
    outDir: 'dist/app',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
  ssr: { target: 'node' },
});
