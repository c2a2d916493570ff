import { AppError, type ErrorCode, type ErrorObject } from '#domain/errors.ts';
import type { Language } from '#domain/language.ts';
import type { FieldMessage, MessageKey } from '#domain/message-keys.ts';
import { validationDescriptors } from '#domain/validation/descriptors.ts';
import { isValidationMessageKey, type MessageParams } from '#domain/validation/messages.ts';
import { errorMessages, fallbackErrorMessage } from '#server/platform/i18n/error-messages.ts';
import { i18nFor } from '#server/platform/i18n/i18n.ts';
import { serverMessages } from '#server/platform/i18n/server-messages.ts';

/** A validator's or the server's message key in the viewer's language. */
export function translateKey(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const descriptor = isValidationMessageKey(key) ? validationDescriptors[key] : serverMessages[key];
  return i18nFor(lang)._({ ...descriptor, values: params });
}

const translateField = (lang: Language, m: FieldMessage) =>
  typeof m === 'string' ? translateKey(lang, m) : translateKey(lang, m.key, m.params);

/**
 * The error object of spec 3, `{ status, code, message, requestId, fields?, retryAfterSeconds? }`,
 * in the viewer's language. The one place an error becomes a body: `app.onError`, the not-found
 * answer, an unknown host and a page's loader all answer through it.
 */
export function errorBody(error: AppError | ErrorCode, at: { lang: Language; requestId: string }): ErrorObject {
  const e = typeof error === 'string' ? new AppError(error) : error;
  const i18n = i18nFor(at.lang);
  const message = i18n._((e.messageKey && serverMessages[e.messageKey]) ?? errorMessages[e.code] ?? fallbackErrorMessage);
  // A single-field error (e.g. PIN_CODE_ERROR on the code) puts its message on that field.
  const fields = e.fields ?? (e.field && e.messageKey ? { [e.field]: e.messageKey } : undefined);
  return {
    status: e.status,
    code: e.code,
    message,
    requestId: at.requestId,
    ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, translateField(at.lang, m)])) } : {}),
    ...(e.retryAfterSeconds ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
  };
}
