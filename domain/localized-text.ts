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
