import type { Language } from '#domain/language.ts';

/** The other language of the two. */
export function otherLanguage(lang: Language): Language {
  return lang === 'ja' ? 'en' : 'ja';
}

/** The same page in another language: `lang` set in the query, every other parameter kept. */
export function languageSwitchHref(pathname: string, search: string, target: Language): string {
  const params = new URLSearchParams(search);
  params.set('lang', target);
  return `${pathname}?${params.toString()}`;
}
