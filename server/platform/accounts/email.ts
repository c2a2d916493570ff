/**
 * The form in which an account's e-mail address is stored, looked up and bound to one-time codes:
 * trimmed and wholly lower-cased. domain/validation/email.ts `normalizeEmail` (what the forms
 * produce) keeps the local part as typed; this goes one step further for identity, because mail
 * providers treat addresses case-insensitively in practice and two accounts that differ only in
 * case would be a trap for the member (and for support). The repos apply it themselves, so
 * callers may pass either form.
 */
export function canonicalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The part before the last '@' (canonical form), or the whole address when there is none. */
export function emailLocalPart(email: string): string {
  const canonical = canonicalEmail(email);
  const at = canonical.lastIndexOf('@');
  return at === -1 ? canonical : canonical.slice(0, at);
}
