// Shared by the tests of this folder (not shipped): settings built the way the product builds
// them (a document parsed by config-schema), the demo tenants, and issue helpers.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { parseStoreSettings } from '#config-schema/parse.ts';
import { type PublicStoreSettings, publicStoreSettings } from '#config-schema/public-settings.ts';
import type { StoreSettings } from '#config-schema/store-settings.ts';
import { fieldIssues } from './issues.ts';
import type { ValidationMessageKey } from './messages.ts';

/** The smallest tenant document config-schema accepts, plus `overrides` at the top level. */
export function storeWith(overrides: Record<string, unknown> = {}): StoreSettings {
  const result = parseStoreSettings({
    storeId: 'test',
    hosts: ['test.localhost'],
    serviceName: 'テスト',
    businessName: '株式会社テスト',
    images: { logoPc: '/l.svg', logoSp: '/s.svg', favicon: '/f.svg', appleTouchIcon: '/a.png' },
    colors: { accentColor: '#1565c0', secondaryAccentColor: '#00695c', playerColor: '#42a5f5' },
    footers: { copyright: '© 2026 Test' },
    mail: { smtpDomain: 'test.example.jp' },
    ...overrides,
  });
  if (!result.ok) throw new Error(`invalid test settings: ${JSON.stringify(result.issues)}`);
  return result.settings;
}

/** The public part of `storeWith(overrides)`, as the browser receives it. */
export function publicWith(overrides: Record<string, unknown> = {}): PublicStoreSettings {
  return publicStoreSettings.parse(storeWith(overrides));
}

const tenantsDir = fileURLToPath(new URL('../../tenants/', import.meta.url));

/** Every demo store in tenants/*.json, parsed. */
export const tenants: Record<string, StoreSettings> = Object.fromEntries(
  readdirSync(tenantsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const result = parseStoreSettings(JSON.parse(readFileSync(`${tenantsDir}${f}`, 'utf8')));
      if (!result.ok) throw new Error(`tenants/${f} is invalid`);
      return [f.replace(/\.json$/, ''), result.settings];
    }),
);

/** The keys of the issues per field name; {} when the input is valid. */
export function keys(schema: z.ZodType, input: unknown): Record<string, ValidationMessageKey[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldIssues(result.error)).map(([name, list]) => [name, list.map((i) => i.key)]));
}

/** The parsed value; throws with the keys when the input is refused. */
export function ok<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected valid, got ${JSON.stringify(keys(schema, input))}`);
  return result.data;
}

/** Every issue message raised for `input` (to check that all of them are keys). */
export function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}
