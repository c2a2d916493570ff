import { z } from 'zod';
import { schemaMessageJa } from './messages-ja.ts';
import { type StoreSettings, storeSettings } from './store-settings.ts';

export type SettingsIssue = { path: string; message: string };
export type ParseResult = { ok: true; settings: StoreSettings } | { ok: false; issues: SettingsIssue[] };

/** Formats a zod issue path as a JSON path: $.plans[0].price */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : `${acc}.${String(part)}`), '$');
}

export function issuesOf(error: z.ZodError): SettingsIssue[] {
  return error.issues.map((i) => ({ path: jsonPath(i.path), message: i.message }));
}

/**
 * The language of the messages: English by default; Japanese for a Japanese-speaking admin, zod's
 * own (type, length, enum...) from its ja locale and the schema's own from messages-ja.ts.
 */
export type IssueLanguage = 'ja' | 'en';
const jaErrors = z.locales.ja().localeError;

/** Validates a tenant document (already parsed from JSON) and applies the defaults. */
export function parseStoreSettings(input: unknown, lang: IssueLanguage = 'en'): ParseResult {
  const result = lang === 'ja' ? storeSettings.safeParse(input, { error: jaErrors }) : storeSettings.safeParse(input);
  if (result.success) return { ok: true, settings: result.data };
  const issues = issuesOf(result.error);
  return { ok: false, issues: lang === 'ja' ? issues.map((i) => ({ ...i, message: schemaMessageJa(i.message) })) : issues };
}

/** Validates tenant JSON text; a syntax error is reported with its position. */
export function parseStoreSettingsJson(text: string, lang: IssueLanguage = 'en'): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const what = lang === 'ja' ? 'JSON として読めません' : 'invalid JSON';
    return { ok: false, issues: [{ path: '$', message: `${what}: ${(e as Error).message}` }] };
  }
  return parseStoreSettings(data, lang);
}
