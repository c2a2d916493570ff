// What a failed call's error object (spec 3, 8) means for a form: messages for its fields,
// one summary for the form-level alert, and how long to wait before trying again.
import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { NETWORK_ERROR } from '#client/api/request.ts';
import type { ErrorObject } from '#domain/errors.ts';

export type ServerErrorView = {
  /** [form field, message] for each field of the form the server named. */
  fields: [string, string][];
  /** The form-level message; null when it only repeats a field's message (INVALID_PASSWORD_REUSED). */
  summary: string | null;
  /** Messages for fields this form does not show (listed under the summary). */
  others: string[];
  retryAfterSeconds: number | null;
};

export type ReadOptions = {
  /** The form's field names; a server field matches one of them or an entry under it (customAssociatedInfo.0.value). */
  fields: readonly string[];
  /** The text when the server sent none: 'エラーが発生しました', or the screen's own ('登録エラーが発生しました。', 'ログインに失敗しました。'). */
  fallback: string;
  /** Server field names that this form calls otherwise (pinCode -> authCode). */
  rename?: Readonly<Record<string, string>>;
  /** Whether the summary says when to try again (off where a countdown shows it already). */
  retryText?: boolean;
};

/** The default texts of spec 8. */
export const defaultErrorText = (i18n: I18n) => t(i18n)`エラーが発生しました`;
export const signupErrorText = (i18n: I18n) => t(i18n)`登録エラーが発生しました。`;
/** Login's default failure (spec 8). */
export const loginErrorText = (i18n: I18n) => t(i18n)`ログインに失敗しました。`;

/** 「30秒後に再度お試しください。」, or in minutes from two minutes on. */
export function retryAfterText(i18n: I18n, seconds: number): string {
  if (seconds < 120) return t(i18n)`${plural(seconds, { other: '#秒後に再度お試しください。' })}`;
  const minutes = Math.ceil(seconds / 60);
  return t(i18n)`${plural(minutes, { other: '約#分後に再度お試しください。' })}`;
}

/** The form-level text of an error object (the server's message, with a few codes worded here). */
export function summaryText(i18n: I18n, error: ErrorObject, fallback: string): string {
  if (error.code === NETWORK_ERROR) return t(i18n)`通信に失敗しました。接続を確認して、もう一度お試しください。`;
  // The server answers this code with the generic text; the viewer needs to know what to redo.
  if (error.code === 'BOT_CHECK_FAILED') return t(i18n)`ロボットでないことの確認に失敗しました。もう一度お試しください。`;
  return error.message.trim() === '' ? fallback : error.message;
}

/** Sorts the error object's parts for a form (pure; see `showServerError` for applying it). */
export function readServerError(i18n: I18n, error: ErrorObject, opts: ReadOptions): ServerErrorView {
  const fields: [string, string][] = [];
  const others: string[] = [];
  const retryAfterSeconds = error.retryAfterSeconds && error.retryAfterSeconds > 0 ? Math.ceil(error.retryAfterSeconds) : null;
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    // POST /zapi/signup checks its form fields under `form.`.
    const bare = key.replace(/^form\./, '');
    const name = opts.rename?.[bare] ?? bare;
    const known = opts.fields.some((f) => name === f || name.startsWith(`${f}.`));
    if (known) fields.push([name, message]);
    else if (!others.includes(message)) others.push(message);
  }
  let summary = summaryText(i18n, error, opts.fallback);
  if (retryAfterSeconds !== null && opts.retryText !== false) {
    // Japanese sentences follow each other without a space.
    summary = `${summary}${i18n.locale === 'ja' ? '' : ' '}${retryAfterText(i18n, retryAfterSeconds)}`;
  }
  const repeated = fields.some(([, message]) => message === summary);
  return { fields, summary: repeated ? null : summary, others: others.filter((m) => m !== summary), retryAfterSeconds };
}
