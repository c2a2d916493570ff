import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '#server/platform/i18n/server-messages.ts';
import { listFile, renderCommonPasswords } from '../../../scripts/generate-common-passwords.ts';
import { isCommonPassword, passwordProblemMessageKeys, passwordProblems } from './password-rules.ts';

describe('common password list', () => {
  const text = readFileSync(listFile, 'utf8');
  const entries = text.split('\n').filter(Boolean);

  it('is the generator output: at least 10,000 lower-case, unique entries of 8 to 30 characters, under 150 KB', () => {
    expect(text).toBe(renderCommonPasswords());
    expect(entries.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.every((p) => p === p.toLowerCase() && p.length >= 8 && p.length <= 30)).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThan(150_000);
  });

  it('matches common passwords in any case', () => {
    for (const p of ['password', 'PASSWORD', 'Password', '12345678', 'iloveyou', '1qaz2wsx', 'qwertyuiop', 'sunshine']) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(isCommonPassword(entries.at(-1) ?? '')).toBe(true);
  });

  it('lets uncommon passwords through', () => {
    for (const p of ['tR7kq2xLmw', 'aozora-2026-kumo', 'k9v3n8q2z5']) expect(isCommonPassword(p), p).toBe(false);
  });
});

describe('passwordProblems', () => {
  const who = { email: 'Yamada.Taro@example.jp', userId: 'TaroY2026' };

  it('finds nothing wrong with a good password', () => {
    expect(passwordProblems('kumo9sora7', who)).toEqual([]);
    expect(passwordProblems('kumo9sora7', {})).toEqual([]);
  });

  it('refuses the e-mail local part or the whole address, in any case', () => {
    expect(passwordProblems('yamada.taro', who)).toEqual(['sameAsEmail']);
    expect(passwordProblems('YAMADA.TARO@EXAMPLE.JP', who)).toEqual(['sameAsEmail']);
  });

  it('refuses the user ID in any case', () => {
    expect(passwordProblems('TAROY2026', who)).toEqual(['sameAsUserId']);
  });

  it('refuses a common password', () => {
    expect(passwordProblems('Baseball', who)).toEqual(['commonPassword']);
  });
});

describe('passwordProblemMessageKeys', () => {
  it('names a server message for every problem', () => {
    for (const key of Object.values(passwordProblemMessageKeys)) expect(serverMessages[key], key).toBeDefined();
  });
});
