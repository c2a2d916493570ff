import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import type { Language } from '#domain/language.ts';
import { messages as en } from '../../../locales/en.po';
import { messages as ja } from '../../../locales/ja.po';

const catalogs = { ja, en };
const instances = new Map<Language, I18n>();

/** One immutable Lingui instance per language (never a global that requests share and switch). */
export function i18nFor(lang: Language): I18n {
  let i18n = instances.get(lang);
  if (!i18n) {
    i18n = setupI18n({ locale: lang, messages: { [lang]: catalogs[lang] } });
    instances.set(lang, i18n);
  }
  return i18n;
}

export function translate(lang: Language, descriptor: MessageDescriptor): string {
  return i18nFor(lang)._(descriptor);
}
