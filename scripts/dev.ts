// `npm run dev`: the same server as production, with Vite in middleware mode for hot reload of
// the browser code. Server code is loaded through Vite too (Lingui macros, .po catalogs); Node's
// --watch restarts the process when server code changes (see package.json).
import { createServer } from 'vite';

const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
const { boot } = await vite.ssrLoadModule('/server/app/boot.ts');
const { loadConfig } = await vite.ssrLoadModule('/server/base/config.ts');
await boot({
  config: loadConfig({ NODE_ENV: 'development', ...process.env }),
  renderPage: async (init: Record<string, unknown>) => (await vite.ssrLoadModule('/server/platform/render/vike.ts')).vikeRenderer(init),
  viteMiddlewares: vite.middlewares,
});
