// Raising issues with message keys, and reading them back as { key, params } per form field.
import type { z } from 'zod';
import { isValidationMessageKey, type MessageParams, type ValidationMessageKey } from './messages.ts';

/** The one error option every base schema gets, so even a wrong JSON type yields a key. */
export const INVALID = { error: 'common.invalid' satisfies ValidationMessageKey } as const;

type Ctx = Pick<z.RefinementCtx, 'addIssue'>;

/** Adds a custom issue whose message is `key`; numbers for the text go in `params`. */
export function report(ctx: Ctx, key: ValidationMessageKey, params?: MessageParams, path?: PropertyKey[]): void {
  ctx.addIssue({ code: 'custom', message: key, ...(params && { params }), ...(path && { path }) });
}

/** Collects reports while a value is checked; `failed` tells the transform to return z.NEVER. */
export function collector(ctx: Ctx) {
  const state = {
    failed: false,
    add(key: ValidationMessageKey, params?: MessageParams) {
      state.failed = true;
      report(ctx, key, params);
    },
  };
  return state;
}
export type Reporter = ReturnType<typeof collector>['add'];

/**
 * Option for an object-level (cross-field) check: run it even when a field failed, as long as
 * an object arrived. A failed field's value is then not a string, so checks test `typeof`.
 */
export const whenObject = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

/**
 * The numbers (and other values) a message's placeholders need.
 * Custom issues carry them in `issue.params`; zod's own bounds, should one slip in, give
 * `minimum`/`maximum`, which are returned as `min`/`max`.
 */
export function messageParams(issue: z.core.$ZodIssue): MessageParams {
  const out: Record<string, string | number> = {};
  if (issue.code === 'custom' && issue.params) {
    for (const [k, v] of Object.entries(issue.params)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  if (issue.code === 'too_small') out.min = Number(issue.minimum);
  if (issue.code === 'too_big') out.max = Number(issue.maximum);
  return out;
}

export type FieldIssue = { key: ValidationMessageKey; params: MessageParams };

/** The dotted form-field name of an issue path, as react-hook-form names fields ('' for the form). */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * The issues of a failed parse grouped by field name, in the order they were raised.
 * A message that is not a key (a bug) is reported as common.invalid rather than shown raw.
 */
export function fieldIssues(error: z.ZodError): Record<string, FieldIssue[]> {
  const out: Record<string, FieldIssue[]> = {};
  for (const issue of error.issues) {
    const key = isValidationMessageKey(issue.message) ? issue.message : 'common.invalid';
    const name = fieldName(issue.path);
    const list = out[name] ?? [];
    list.push({ key, params: messageParams(issue) });
    out[name] = list;
  }
  return out;
}
