import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPo } from './po.ts';

// Extracts the messages of the current source into a scratch folder and compares them with the
// committed catalogues: every message must be there, and every one must have English.
let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'lingui-'));
  execFileSync(process.execPath, ['node_modules/@lingui/cli/dist/lingui.js', 'extract', '--workers', '1'], {
    env: { ...process.env, LINGUI_CATALOG_DIR: scratch },
    stdio: 'pipe',
  });
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const key = (e: { msgid: string; context?: string }) => `${e.context ?? ''}\u0004${e.msgid}`;

describe('translation catalogues', () => {
  it('hold every message of the source (run `npm run i18n:extract` when this fails)', () => {
    const fresh = readPo(join(scratch, 'ja.po')).filter((e) => !e.obsolete);
    const committed = new Set(
      readPo('locales/en.po')
        .filter((e) => !e.obsolete)
        .map(key),
    );
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.filter((e) => !committed.has(key(e))).map((e) => e.msgid)).toEqual([]);
  });

  it('have an English translation for every message', () => {
    const missing = readPo('locales/en.po')
      .filter((e) => !e.obsolete && e.msgstr.trim() === '')
      .map((e) => `${e.msgid}  (${e.references.join(' ')})`);
    expect(missing).toEqual([]);
  });

  it('keep Japanese as the source: ja.po carries no translations that differ from the source', () => {
    const differing = readPo('locales/ja.po').filter((e) => !e.obsolete && e.msgstr !== '' && e.msgstr !== e.msgid);
    expect(differing.map((e) => e.msgid)).toEqual([]);
  });
});
