import { type IssueLanguage, parseStoreSettings, type SettingsIssue } from '#config-schema/parse.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import type { Change } from '#server/platform/stores/diff.ts';
import { inAdminLanguage } from './messages.ts';

/** Where exported documents point their "$schema", relative to tenants/. */
export const SCHEMA_REF = '../config-schema/store-settings.schema.json';

/** The issues as lines, in the admin's language (`lang`, default English: as written). */
export function issueLines(issues: SettingsIssue[], lang: IssueLanguage = 'en'): string[] {
  return issues.map((i) => `${i.path}: ${inAdminLanguage(lang, i.message)}`);
}

/** A value as short JSON for one line: long strings, arrays and objects end in "...". */
export function shorten(value: unknown, max = 60): string {
  if (value === undefined) return '(none)';
  const chars = Array.from(JSON.stringify(value));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 3).join('')}...`;
}

export function changeLines(changes: Change[]): string[] {
  return changes.map((c) => `  ${c.path}: ${shorten(c.before)} -> ${shorten(c.after)}`);
}

/**
 * The stored document as a tenant file: "$schema" first, then the keys in schema order
 * (jsonb keeps its own order), so that applying the output back changes nothing.
 */
export function exportDocument(settings: StoreSettings): string {
  const parsed = parseStoreSettings(settings);
  const { $schema: _ignored, ...rest } = parsed.ok ? parsed.settings : settings;
  return JSON.stringify({ $schema: SCHEMA_REF, ...rest }, null, 2);
}

/** Columns on a terminal: CJK and full-width characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? 2 : 1;
  return width;
}
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;

export function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...rows.map((r) => displayWidth(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - displayWidth(c))))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** 2026-04-01T09:30:00Z: seconds are enough for an admin. */
export function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
