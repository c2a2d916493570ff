import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { Language } from '#domain/language.ts';

// One catalog per language, each its own chunk: a page loads only the catalog of its language
// (the server adds a modulepreload for it, see catalog-preload.ts). A language switch is a full
// page load, so a client navigation never needs the other one.
const importers: Record<Language, () => Promise<{ messages: Messages }>> = {
  ja: () => import('../../locales/ja.po'),
  en: () => import('../../locales/en.po'),
};

const loaded = new Map<Language, Messages>();

/** Loads the catalog of `lang` once; the page's render hooks await it before React renders. */
export async function loadCatalog(lang: Language): Promise<void> {
  if (!loaded.has(lang)) loaded.set(lang, (await importers[lang]()).messages);
}

/** A Lingui instance for one page render: never a global, so two requests never mix languages. */
export function createI18n(lang: Language): I18n {
  const messages = loaded.get(lang);
  if (!messages) throw new Error(`The ${lang} catalog is not loaded (loadCatalog runs before every render).`);
  return setupI18n({ locale: lang, messages: { [lang]: messages } });
}
