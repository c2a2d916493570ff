import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';
import { browserCatalogs, linguiCatalogs, linguiMacros } from './build-plugins.ts';

// The browser app and its server-side rendering (Vike). The Hono server is built by
// vite.server.config.ts. Plugin order matters: macros, React, catalogs (the browser's without the server's messages), Vike.
export default defineConfig({
  plugins: [linguiMacros(), react({ jsxImportSource: '@emotion/react' }), linguiCatalogs(), browserCatalogs(), vike()],
  build: { target: 'es2022', sourcemap: false },
  server: { hmr: { port: 24679 } },
});
