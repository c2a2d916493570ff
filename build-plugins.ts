// Vite plugins shared by the app build, the server build and Vitest, so that Lingui macros and
// `.po` imports work the same everywhere (see docs/decisions/0002-server-built-by-vite.md).
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import type { PluginOption } from 'vite';

/** Transforms Lingui macros (t, msg, Trans) at build time; must run before the React plugin. */
export const linguiMacros = (): PluginOption => babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] });

/** Compiles `.po` catalogs on import. */
export const linguiCatalogs = (): PluginOption => lingui();

export function linguiPlugins(): PluginOption[] {
  return [linguiMacros(), linguiCatalogs()];
}
