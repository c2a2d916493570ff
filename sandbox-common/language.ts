// The language of a sandbox provider's own pages (the payment sandbox and the identity providers):
// an explicit `lang`/`ui_locales` value first, then the browser's Accept-Language, else Japanese.
// The sandboxes stand apart from the store, so they share this instead of the store's domain/language.ts.

export type Lang = 'ja' | 'en';

export function pickLang(param: string | undefined, acceptLanguage: string | undefined): Lang {
  if (param === 'ja' || param === 'en') return param;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'ja';
}
