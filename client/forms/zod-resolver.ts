// A react-hook-form resolver over the shared schemas of domain/validation: the browser checks a
// form with the very builders the server uses, and shows each issue's message key translated.
import type { I18n } from '@lingui/core';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import type { z } from 'zod';
import { validationDescriptors } from '#domain/validation/descriptors.ts';
import { type FieldIssue, fieldIssues } from '#domain/validation/issues.ts';
import type { MessageParams, ValidationMessageKey } from '#domain/validation/messages.ts';

/** The text of a validation key in the viewer's language, placeholders filled from `params`. */
export function validationText(i18n: I18n, key: ValidationMessageKey, params: MessageParams = {}): string {
  return i18n._({ ...validationDescriptors[key], values: params });
}

export type ResolverOptions = {
  /** Extra placeholder values per field name, e.g. { authCode: { field: '認証コード' } }. */
  params?: Record<string, MessageParams>;
};

/**
 * The errors of a failed parse as react-hook-form nests them: the first issue of each field as
 * `message` (with every issue under `types`, for criteriaMode 'all'); an object-level issue goes
 * to `root`.
 */
export function toFieldErrors(i18n: I18n, issues: Record<string, FieldIssue[]>, opts: ResolverOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, list] of Object.entries(issues)) {
    const [first] = list;
    if (!first) continue;
    const text = (issue: FieldIssue) => validationText(i18n, issue.key, { ...issue.params, ...opts.params?.[name] });
    const types = Object.fromEntries(list.map((issue) => [issue.key, text(issue)]));
    set(errors, name === '' ? 'root' : name, { type: first.key, message: text(first), types });
  }
  return errors;
}

/**
 * Runs `schema` over the form values. Success hands the parsed (normalised) values to the submit
 * handler; failure gives translated messages per field. `schema` may be a function, read on each
 * run, for forms whose rules change with their state (the login modes).
 */
export function zodResolver<TInput extends FieldValues, TOutput = TInput>(
  schema: z.ZodType<TOutput, unknown> | (() => z.ZodType<TOutput, unknown>),
  i18n: I18n,
  opts: ResolverOptions = {},
): Resolver<TInput, unknown, TOutput> {
  return async (values) => {
    const current = 'safeParseAsync' in schema ? schema : schema();
    const result = await current.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: toFieldErrors(i18n, fieldIssues(result.error), opts) as FieldErrors<TInput> };
  };
}

/**
 * zodResolver over a schema that loads on the form's first check (a dynamic import of its domain
 * module), so that zod and the rules are no part of the page's first download (decision 0056).
 * The same schema, so the same rules and messages as the server; a failed load is tried again on
 * the next check. Call `preload` from the form's onFocus to start the download before it is needed.
 */
export function zodResolverOnDemand<TInput extends FieldValues, TOutput = TInput>(
  load: () => Promise<z.ZodType<TOutput, unknown>>,
  i18n: I18n,
  opts: ResolverOptions = {},
): Resolver<TInput, unknown, TOutput> & { preload: () => void } {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const ready = () => {
    loading ??= load().then(
      (schema) => zodResolver<TInput, TOutput>(schema, i18n, opts),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => (await ready())(values, context, options);
  return Object.assign(resolver, { preload: () => void ready().catch(() => undefined) });
}

/**
 * A schema built when the form is first checked, then kept. A form rendered on the server is never
 * checked there, so a large schema (the sign-up and account forms: every field of the store's
 * settings) costs the page's render nothing (decision 0026). Pass the result to zodResolver.
 */
export function builtOnFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
