// The language an app asks our sign-in pages to show (OpenID Connect Core 3.1.2.1 ui_locales):
// the first of its space-separated BCP 47 tags that the stores speak.
import { type Language, normalizeLanguage } from '#domain/language.ts';

export function uiLanguage(uiLocales: unknown): Language | null {
  if (typeof uiLocales !== 'string') return null;
  for (const tag of uiLocales.split(' ')) {
    const lang = normalizeLanguage(tag);
    if (lang) return lang;
  }
  return null;
}
