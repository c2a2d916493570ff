import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';
import { linguiCatalogs, linguiMacros } from './build-plugins.ts';

// The browser app and its server-side rendering (Vike). The Hono server is built by
// vite.server.config.ts. Plugin order matters: macros, React, catalogs, Vike.
export default defineConfig({
  plugins: [linguiMacros(), react({ jsxImportSource: '@emotion/react' }), linguiCatalogs(), vike()],
  build: { target: 'es2022', sourcemap: false },
  server: { hmr: { port: 24679 } },
});
