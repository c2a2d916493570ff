// What a log line must never carry (decision 0034): e-mail addresses, one-time codes, tokens,
// cookies and passwords. A field named in REDACTED_KEYS is cut at any depth; the same secrets in
// free text (an error's message, a URL, a driver's detail) are masked; errors become
// { type, message, stack, code } so their stacks are kept. One pass, before pino writes the line.

/** Field names whose value is personal or secret wherever they appear. */
export const REDACTED_KEYS = [
  'to',
  'email',
  'newEmail',
  'identifier',
  'emailUserId',
  'authCode',
  'pinCode',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'flowToken',
  'resetUrl',
  'cookie',
  'cookies',
  'set-cookie',
  'authorization',
  'sid',
  'latid',
];

const EMAIL = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[A-Za-z]{2,}/g;
/** A six-digit one-time code standing alone (not part of a longer number, version or id). */
const CODE = /(?<![\w.:/-])\d{6}(?![\w.:/-])/g;
/** Secret query parameters and cookie values in a URL or header text. */
const SECRET_PARAM = /\b(token|code|state|nonce|code_verifier|id_token_hint|sid|latid|auid|password)=([^&\s#;"',]+)/gi;

const needsWork = /[@=]|\d{6}/;

export function scrubText(text: string): string {
  if (!needsWork.test(text)) return text;
  return text.replace(EMAIL, '[email]').replace(SECRET_PARAM, '$1=[redacted]').replace(CODE, '[code]');
}

const KEY_SET = new Set(REDACTED_KEYS.map((k) => k.toLowerCase()));

/** The fields of a log line, with errors serialised (stack kept) and secrets masked at any depth. */
export function scrubFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 5) return '[deep]';
  if (value instanceof Error) {
    const out: Record<string, unknown> = { type: value.name, message: scrubText(value.message) };
    if (value.stack) out.stack = scrubText(value.stack);
    const code = (value as { code?: unknown }).code;
    if (typeof code === 'string' || typeof code === 'number') out.code = code;
    if (value.cause !== undefined) out.cause = scrubFields(value.cause, depth + 1);
    return out;
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => scrubFields(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = KEY_SET.has(k.toLowerCase()) ? '[redacted]' : scrubFields(v, depth + 1);
  return out;
}
