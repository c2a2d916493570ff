import type { z } from 'zod';
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

/** Validates a tenant document (already parsed from JSON) and applies the defaults. */
export function parseStoreSettings(input: unknown): ParseResult {
  const result = storeSettings.safeParse(input);
  return result.success ? { ok: true, settings: result.data } : { ok: false, issues: issuesOf(result.error) };
}

/** Validates tenant JSON text; a syntax error is reported with its position. */
export function parseStoreSettingsJson(text: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, issues: [{ path: '$', message: `invalid JSON: ${(e as Error).message}` }] };
  }
  return parseStoreSettings(data);
}
