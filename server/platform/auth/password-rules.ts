// Password rules that need server data: the list of common passwords and the member's own
// identifiers. Length and character-class rules are shared with the browser in domain/.
import type { ServerMessageKey } from '#domain/message-keys.ts';
import { canonicalEmail, emailLocalPart } from '#server/platform/accounts/email.ts';
// Inlined into the bundle by Vite (and Vitest), so the built server needs no data file beside it.
import commonPasswordsText from './common-passwords.txt?raw';

let commonPasswords: Set<string> | undefined;

/** True when the password is on the shipped list of common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordsText.split('\n').filter(Boolean));
  return commonPasswords.has(password.toLowerCase());
}

export type PasswordProblem = 'commonPassword' | 'sameAsEmail' | 'sameAsUserId';

/**
 * What is wrong with a new password beyond length and character classes: on the common list,
 * equal to the e-mail address or its local part, or equal to the user ID (all case-insensitive).
 * An empty array means none.
 */
export function passwordProblems(password: string, who: { email?: string | null; userId?: string | null }): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const lower = password.toLowerCase();
  if (isCommonPassword(password)) problems.push('commonPassword');
  if (who.email && (lower === emailLocalPart(who.email) || lower === canonicalEmail(who.email))) problems.push('sameAsEmail');
  if (who.userId && lower === who.userId.trim().toLowerCase()) problems.push('sameAsUserId');
  return problems;
}

/** The message key (server/platform/i18n/server-messages.ts) for each problem, for the password field. */
export const passwordProblemMessageKeys: Record<PasswordProblem, ServerMessageKey> = {
  commonPassword: 'password.common',
  sameAsEmail: 'password.containsIdentifier',
  sameAsUserId: 'password.containsIdentifier',
};
