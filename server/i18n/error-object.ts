import type { ErrorCode, ErrorObject } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import { validationDescriptors } from '#domain/validation/descriptors.ts';
import { isValidationMessageKey } from '#domain/validation/messages.ts';
import { errorMessages, fallbackErrorMessage } from './error-messages.ts';
import { i18nFor } from './i18n.ts';
import { serverMessages } from './server-messages.ts';

/** A message key of the validators or of the server, in the viewer's language; other text stays. */
export function translateKey(lang: Language, key: string, params: Record<string, unknown> = {}): string {
  const descriptor = isValidationMessageKey(key) ? validationDescriptors[key] : serverMessages[key];
  return descriptor ? i18nFor(lang)._({ ...descriptor, values: params }) : key;
}

/** The error object of the spec, with the text in the viewer's language. */
export function errorObject(
  code: ErrorCode,
  status: number,
  lang: Language,
  requestId: string,
  opts: { messageKey?: string; fields?: Record<string, string> } = {},
): ErrorObject {
  const specific = opts.messageKey ? serverMessages[opts.messageKey] : undefined;
  const message = i18nFor(lang)._(specific ?? errorMessages[code] ?? fallbackErrorMessage);
  const fields = opts.fields ? Object.fromEntries(Object.entries(opts.fields).map(([k, v]) => [k, translateKey(lang, v)])) : undefined;
  return { status, code, message, requestId, ...(fields ? { fields } : {}) };
}
