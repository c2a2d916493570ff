// Vite plugins shared by the app build, the server build and Vitest, so that Lingui macros and
// `.po` imports work the same everywhere (see docs/decisions/0002-server-built-by-vite.md).
import { relative } from 'node:path';
import { getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
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

/** Where a message is used, as the catalog's `#:` lines name the files. */
export type MessageOrigins = Record<string, string[]>;

/** Source folders whose code never reaches a browser: their messages are the server's alone. */
const SERVER_ONLY = ['server/', 'scripts/'];

/**
 * The ids of the messages no browser needs: every file that uses them is in a server-only folder.
 * A message used by any other file (client/, domain/, ...), or without a known origin, stays.
 */
export function serverOnlyMessageIds(origins: MessageOrigins): Set<string> {
  const ids = new Set<string>();
  for (const [id, files] of Object.entries(origins)) {
    if (files.length > 0 && files.every((f) => SERVER_ONLY.some((dir) => f.startsWith(dir)))) ids.add(id);
  }
  return ids;
}

const COMPILED = /^(\/\*eslint-disable\*\/export const messages=JSON\.parse\()("(?:[^"\\]|\\.)*")(\);?)$/s;

/** A catalog module as Lingui compiles it, without the messages in `drop`. */
export function dropMessages(code: string, drop: Set<string>): string {
  const m = COMPILED.exec(code.trim());
  if (!m) throw new Error('browserCatalogs: the compiled catalog no longer has the expected shape (Lingui changed?)');
  const messages = JSON.parse(JSON.parse(m[2] as string) as string) as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(messages).filter(([id]) => !drop.has(id)));
  return `${m[1]}${JSON.stringify(JSON.stringify(kept))}${m[3]}`;
}

/**
 * The browser's catalogs without the messages only the server speaks (mails, server errors,
 * billing texts): about a quarter of the catalog that every page downloads (decision 0026).
 * Applies to the client build only; the server and Vike's server render keep the full catalog.
 */
export function browserCatalogs(): PluginOption {
  let config: ReturnType<typeof getConfig> | undefined;
  const dropByFile = new Map<string, Promise<Set<string>>>();
  async function dropFor(file: string): Promise<Set<string>> {
    config ??= getConfig({ cwd: process.cwd() });
    const found = getCatalogForFile(relative(config.rootDir, file), await getCatalogs(config));
    if (!found) throw new Error(`browserCatalogs: ${file} is not one of lingui.config's catalogs`);
    const read = await found.catalog.read(found.locale);
    const origins: MessageOrigins = {};
    for (const [id, message] of Object.entries(read ?? {})) origins[id] = (message.origin ?? []).map(([f]) => f);
    return serverOnlyMessageIds(origins);
  }
  return {
    name: 'store-platform:browser-catalogs',
    enforce: 'post',
    // Production builds only: the development server compiles a catalog again when it changes.
    apply: 'build',
    transform: {
      filter: { id: /\.po(\?.*)?$/ },
      async handler(code, id) {
        if (this.environment.config.consumer !== 'client') return;
        const file = id.split('?')[0] as string;
        let drop = dropByFile.get(file);
        if (!drop) {
          drop = dropFor(file);
          dropByFile.set(file, drop);
        }
        return { code: dropMessages(code, await drop), map: null };
      },
    },
  };
}

/**
 * Module-level state in a module's code: a binding that can change (`let`, `var`), an empty
 * collection made at load to be filled later (`new Map()`, `new Set()`, weak ones; one made with
 * its entries is taken for a constant table), a React context or a symbol; each copy of such a
 * module would have its own (decision 0056).
 */
const MODULE_STATE =
  /^(?:export\s+)?(?:let|var)\s|^(?:export\s+)?const\s+[\w$]+(?:\s*:[^=]+)?\s*=\s*(?:new\s+(?:Weak)?(?:Map|Set)\s*(?:<[^>]*>)?\s*\(\s*\)|(?:React\.)?createContext\s*\(|Symbol\s*\()/m;

/** The first line of `code` that holds module-level state, or null. */
export function moduleStateLine(code: string): string | null {
  const found = MODULE_STATE.exec(code);
  return found ? (code.slice(found.index).split('\n')[0] ?? '').trim() : null;
}

/**
 * Fails a client build in which one of our modules with module-level state was copied into more
 * than one chunk (rolldown's inlining of small shared chunks copies a module into each page that
 * uses it): it belongs in vite.config.ts's NOT_INLINED, which keeps it one shared module.
 */
export function noStatefulCopies(): PluginOption {
  return {
    name: 'store-platform:no-stateful-copies',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const chunksOf = new Map<string, string[]>();
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        for (const id of out.moduleIds) chunksOf.set(id, [...(chunksOf.get(id) ?? []), out.fileName]);
      }
      const problems: string[] = [];
      for (const [id, chunks] of chunksOf) {
        if (chunks.length < 2 || id.includes('node_modules') || id.startsWith('\0')) continue;
        const line = moduleStateLine(this.getModuleInfo(id)?.code ?? '');
        if (line) problems.push(`${relative(process.cwd(), id)} (in ${chunks.length} chunks) holds state: ${line}`);
      }
      if (problems.length > 0)
        this.error(
          `modules with state were copied into several chunks; add them to NOT_INLINED in vite.config.ts:\n${problems.join('\n')}`,
        );
    },
  };
}
