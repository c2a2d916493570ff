// Picking a store text in the viewer's language. Kept apart from config-schema/common.ts, whose
// zod schemas would otherwise come along into every page's browser bundle.
import type { LocalizedText } from '#config-schema/common.ts';
import type { Language } from './language.ts';

/** The text in the viewer's language, falling back to Japanese. */
export function pickText(text: LocalizedText, lang: Language): string;
export function pickText(text: LocalizedText | undefined, lang: Language): string | undefined;
export function pickText(text: LocalizedText | undefined, lang: Language): string | undefined {
  if (!text) return undefined;
  return lang === 'en' ? (text.en ?? text.ja) : text.ja;
}

/**
 * A copy of `value` whose store texts (`{ ja, en? }` objects) keep Japanese only: what a Japanese
 * page needs of them (a language switch loads the page again). Anything else is copied as it is.
 */
export function withoutEnglish<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutEnglish) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (isLocalizedText(entries)) return { ja: (value as unknown as { ja: string }).ja } as T;
  return Object.fromEntries(entries.map(([k, v]) => [k, withoutEnglish(v)])) as T;
}

function isLocalizedText(entries: Array<[string, unknown]>): boolean {
  return (
    entries.some(([k, v]) => k === 'ja' && typeof v === 'string') &&
    entries.every(([k, v]) => (k === 'ja' || k === 'en') && (typeof v === 'string' || v === undefined))
  );
}
