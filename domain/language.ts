// The display language of a request: query, then cookie, then Accept-Language, then the store default.

export const languages = ['ja', 'en'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return value === 'ja' || value === 'en';
}

/** 'EN', ' ja ', 'ja-JP' and 'en_US' are understood; anything else is null. */
export function normalizeLanguage(value: string | null | undefined): Language | null {
  if (value == null) return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

export type AcceptLanguageEntry = { range: string; q: number };

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/;

/** The ranges of an Accept-Language header in header order (lower-cased); malformed entries are skipped. */
export function parseAcceptLanguage(header: string): AcceptLanguageEntry[] {
  const entries: AcceptLanguageEntry[] = [];
  for (const part of header.split(',')) {
    const [rawRange = '', ...params] = part.split(';').map((s) => s.trim());
    const range = rawRange.toLowerCase();
    if (!RANGE.test(range)) continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const match = /^q\s*=\s*(.*)$/i.exec(param);
      if (!match) continue;
      const value = match[1] ?? '';
      if (!QVALUE.test(value)) valid = false;
      else q = Number(value);
    }
    if (valid) entries.push({ range, q });
  }
  return entries;
}

/** Index of the entry that sets a language's weight: its exact range, else its best sub-range, else '*'. */
function weightingEntry(entries: AcceptLanguageEntry[], language: Language): number {
  const exact = entries.findIndex((e) => e.range === language);
  if (exact !== -1) return exact;
  let best = -1;
  entries.forEach((e, i) => {
    if (e.range.startsWith(`${language}-`) && (best === -1 || e.q > (entries[best]?.q ?? 0))) best = i;
  });
  return best !== -1 ? best : entries.findIndex((e) => e.range === '*');
}

type Candidate = { language: Language; q: number; explicit: boolean; position: number };

/**
 * The best supported language for an Accept-Language header, or null. A language's weight is
 * the q of its exact range ('en'), else the highest q among its sub-ranges ('en-US'), else the
 * q of '*'. q=0 means not acceptable. Ties go to the explicitly named language, then to the one
 * named first, then to the store default.
 */
export function matchAcceptLanguage(header: string, storeDefault: Language): Language | null {
  const entries = parseAcceptLanguage(header);
  const candidates: Candidate[] = [];
  for (const language of languages) {
    const position = weightingEntry(entries, language);
    const entry = entries[position];
    if (entry && entry.q > 0) candidates.push({ language, q: entry.q, explicit: entry.range !== '*', position });
  }
  candidates.sort(
    (a, b) =>
      b.q - a.q ||
      Number(b.explicit) - Number(a.explicit) ||
      a.position - b.position ||
      Number(b.language === storeDefault) - Number(a.language === storeDefault),
  );
  return candidates[0]?.language ?? null;
}

export type LanguageSources = {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
  storeDefault: Language;
};

export function pickLanguage({ query, cookie, acceptLanguage, storeDefault }: LanguageSources): Language {
  return (
    normalizeLanguage(query) ??
    normalizeLanguage(cookie) ??
    (acceptLanguage ? matchAcceptLanguage(acceptLanguage, storeDefault) : null) ??
    storeDefault
  );
}
