import { describe, expect, it } from 'vitest';
import { passwordChecklist, passwordRules } from './password-rules.ts';

const met = (password: string, strength: Parameters<typeof passwordChecklist>[1]) =>
  passwordChecklist(password, strength)
    .filter((r) => r.met)
    .map((r) => r.rule);

describe('password checklist', () => {
  it('lists the rules of the store strength', () => {
    expect(passwordRules('NONE')).toEqual(['length', 'lowercase', 'digit', 'chars']);
    expect(passwordRules('UPPER_CASE')).toEqual(['length', 'lowercase', 'digit', 'uppercase', 'chars']);
    expect(passwordRules('SYMBOL')).toEqual(['length', 'lowercase', 'digit', 'symbol', 'chars']);
    expect(passwordRules('UPPER_CASE_SYMBOL')).toEqual(['length', 'lowercase', 'digit', 'uppercase', 'symbol', 'chars']);
  });

  it('meets nothing while empty', () => {
    expect(met('', 'UPPER_CASE_SYMBOL')).toEqual([]);
  });

  it('ticks each rule as it is met', () => {
    expect(met('a', 'UPPER_CASE_SYMBOL')).toEqual(['lowercase', 'chars']);
    expect(met('aB3', 'UPPER_CASE_SYMBOL')).toEqual(['lowercase', 'digit', 'uppercase', 'chars']);
    expect(met('aB3!efgh', 'UPPER_CASE_SYMBOL')).toEqual(['length', 'lowercase', 'digit', 'uppercase', 'symbol', 'chars']);
  });

  it('unticks length beyond 30 characters and chars for a space or kana', () => {
    expect(met(`a1${'x'.repeat(29)}`, 'NONE')).toEqual(['lowercase', 'digit', 'chars']);
    expect(met('abc 12345', 'NONE')).toEqual(['length', 'lowercase', 'digit']);
    expect(met('abcあ12345', 'NONE')).toEqual(['length', 'lowercase', 'digit']);
  });
});
