// E-mail address rules. The address is trimmed and its domain lower-cased (the local part is kept
// as typed: in theory it is case-sensitive). The format check is practical rather than RFC 5322:
// it accepts the dotted local parts older Japanese mobile carriers issued (taro..a.@docomo.ne.jp)
// and rejects what is surely a typo (spaces, no dot in the domain, two @).
import { z } from 'zod';
import { collector, type Reporter, report, whenObject } from './issues.ts';

const LOCAL = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~.]{1,64}$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Trimmed, with the domain part lower-cased. */
export function normalizeEmail(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : trimmed.slice(0, at) + trimmed.slice(at).toLowerCase();
}

/** Whether a normalised address has a plausible format (length limits aside). */
export function isEmailFormat(email: string): boolean {
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts as [string, string];
  if (!LOCAL.test(local) || domain.length > 253) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1) ?? '');
}

function checkEmail(email: string, maxLength: number, add: Reporter): void {
  if (email.length > maxLength) add('email.tooLong', { max: maxLength });
  if (!isEmailFormat(email)) add('email.invalid');
}

/** An e-mail address of at most `maxLength` characters (the store's signupFields.maxLengths.email). */
export function emailSchema(maxLength: number) {
  return z.string({ error: 'email.required' }).transform((text, ctx) => {
    const email = normalizeEmail(text);
    const issues = collector(ctx);
    if (email === '') issues.add('email.required');
    else checkEmail(email, maxLength, issues.add);
    return issues.failed ? z.NEVER : email;
  });
}

/** { email, emailConfirm }: the confirmation is required and must match (after normalising). */
export function emailWithConfirmationSchema(maxLength: number) {
  const emailConfirm = z.string({ error: 'email.confirmRequired' }).transform((text, ctx) => {
    const email = normalizeEmail(text);
    if (email === '') {
      report(ctx, 'email.confirmRequired');
      return z.NEVER;
    }
    return email;
  });
  return z.object({ email: emailSchema(maxLength), emailConfirm }, { error: 'common.invalid' }).superRefine((v, ctx) => {
    const { email, emailConfirm: confirm } = v as Record<string, unknown>;
    if (typeof email === 'string' && typeof confirm === 'string' && email !== confirm)
      report(ctx, 'email.mismatch', undefined, ['emailConfirm']);
  }, whenObject);
}
