import type { GlobalContextServer } from 'vike/types';
import type { Language } from '#domain/language.ts';

type Manifest = NonNullable<GlobalContextServer['assetsManifest']>;

const found = new WeakMap<Manifest, Partial<Record<Language, string[]>>>();

/**
 * The built files of a language's catalog (setup.ts imports it dynamically), found in Vike's assets
 * manifest, so that the page preloads them beside its other scripts instead of after them.
 * None in development, where there is no manifest and Vite serves modules as they are asked for.
 */
export function catalogPreloads(globalContext: Pick<GlobalContextServer, 'assetsManifest' | 'baseAssets'>, lang: Language): string[] {
  const manifest = globalContext.assetsManifest;
  if (!manifest) return [];
  let byLang = found.get(manifest);
  if (!byLang) {
    byLang = {};
    found.set(manifest, byLang);
  }
  let urls = byLang[lang];
  if (!urls) {
    const base = globalContext.baseAssets.replace(/\/$/, '');
    const files = new Set<string>();
    const collect = (key: string) => {
      const entry = manifest[key];
      if (!entry || files.has(entry.file)) return;
      files.add(entry.file);
      for (const imported of entry.imports ?? []) collect(imported);
    };
    collect(`locales/${lang}.po`);
    urls = [...files].map((file) => `${base}/${file}`);
    byLang[lang] = urls;
  }
  return urls;
}
