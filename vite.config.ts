import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';
import { browserCatalogs, linguiCatalogs, linguiMacros, noStatefulCopies } from './build-plugins.ts';

/**
 * Modules never copied into several browser chunks: they hold state (remembered root data, caches,
 * the catalogs) or are packages. Everything else of ours under 3,000 B that several pages share is
 * inlined into each page's chunk instead of being a file (and a modulepreload link) of its own
 * (decision 0056). A module with state missing here fails the build (noStatefulCopies).
 */
const NOT_INLINED = [
  /node_modules/,
  /\.po(\?|$)/,
  /[\\/]client[\\/](root-data-store|emotion-cache|i18n[\\/]|styles[\\/]|screen[\\/]load|layout[\\/]use-profile-image|commerce[\\/]provider-script|ui[\\/]button)/,
];

// The browser app and its server-side rendering (Vike). The Hono server is built by
// vite.server.config.ts. Plugin order matters: macros, React, catalogs (the browser's without the server's messages), Vike.
export default defineConfig({
  plugins: [linguiMacros(), react({ jsxImportSource: '@emotion/react' }), linguiCatalogs(), browserCatalogs(), vike(), noStatefulCopies()],
  build: { target: 'es2022', sourcemap: Boolean(process.env.JS_SOURCEMAP) },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          preserveEntrySignatures: false,
          output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 3000, exclude: NOT_INLINED } } },
        },
      },
    },
  },
  server: { hmr: { port: 24679 } },
});
