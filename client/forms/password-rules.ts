// The strength rules of a store as a checklist that ticks as the viewer types; the rules are the
// shared ones of domain/validation/password.ts, so the list and the validator never disagree.

import type { ValidationMessageKey } from '#domain/validation/messages.ts';
import { type PasswordStrength, passwordProblems } from '#domain/validation/password.ts';

export type PasswordRule = 'length' | 'chars' | 'lowercase' | 'digit' | 'uppercase' | 'symbol';

const breaks: Record<PasswordRule, readonly ValidationMessageKey[]> = {
  length: ['password.tooShort', 'password.tooLong'],
  chars: ['password.invalidChars'],
  lowercase: ['password.lowercaseRequired'],
  digit: ['password.digitRequired'],
  uppercase: ['password.uppercaseRequired'],
  symbol: ['password.symbolRequired'],
};

/** The rules of `strength`, in display order. */
export function passwordRules(strength: PasswordStrength): PasswordRule[] {
  const rules: PasswordRule[] = ['length', 'lowercase', 'digit'];
  if (strength === 'UPPER_CASE' || strength === 'UPPER_CASE_SYMBOL') rules.push('uppercase');
  if (strength === 'SYMBOL' || strength === 'UPPER_CASE_SYMBOL') rules.push('symbol');
  rules.push('chars');
  return rules;
}

/** Each rule with whether `password` meets it (nothing is met while the box is empty). */
export function passwordChecklist(password: string, strength: PasswordStrength): { rule: PasswordRule; met: boolean }[] {
  const problems = password === '' ? null : new Set(passwordProblems(password, strength));
  return passwordRules(strength).map((rule) => ({ rule, met: problems !== null && !breaks[rule].some((k) => problems.has(k)) }));
}
