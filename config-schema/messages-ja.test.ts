import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaMessageJa } from './messages-ja.ts';
import { parseStoreSettings } from './parse.ts';
import { storeSettings } from './store-settings.ts';

const DIR = import.meta.dirname;

/**
 * Every message written in the schema's sources: `message: '…'`, `message: \`…\`` (a ${…} as "x")
 * and a `.regex(/…/, '…')`'s second argument; parse.ts words its JSON syntax error in both
 * languages itself.
 */
function writtenMessages(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(DIR).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'messages-ja.ts' && f !== 'parse.ts',
  )) {
    const text = readFileSync(join(DIR, file), 'utf8');
    for (const m of text.matchAll(/message: (?:'([^']+)'|`([^`]+)`)/g)) found.push((m[1] ?? m[2] ?? '').replace(/\$\{[^}]+\}/g, 'x'));
    // .regex(/…/, '…'): the message as the second argument.
    for (const m of text.matchAll(/\.regex\(\s*\/(?:\\.|\[(?:\\.|[^\]])*\]|[^/\n[])+\/[a-z]*,\s*'([^']+)'/g)) found.push(m[1] ?? '');
  }
  return found;
}

describe("the schema's own messages in Japanese", () => {
  it('has a Japanese line for every message written in the schema', () => {
    const messages = writtenMessages();
    expect(messages.length).toBeGreaterThan(25);
    expect(messages.filter((m) => schemaMessageJa(m) === m)).toEqual([]);
  });

  it('answers a Japanese-speaking admin in Japanese, values kept, and everyone else in English', () => {
    const base = storeSettings.parse(JSON.parse(readFileSync(join(DIR, '..', 'tenants', 'aozora.json'), 'utf8')));
    const doc = { ...base, campaigns: [...(base.campaigns ?? []), { ...(base.campaigns?.[0] ?? {}), planIds: ['no-such-plan'] }] };
    const ja = parseStoreSettings(doc, 'ja');
    const en = parseStoreSettings(doc, 'en');
    expect(ja.ok || en.ok).toBe(false);
    if (ja.ok || en.ok) return;
    expect(en.issues.map((i) => i.message)).toContain('unknown plan no-such-plan');
    expect(ja.issues.map((i) => i.message)).toContain('プラン no-such-plan がありません');
  });
});
