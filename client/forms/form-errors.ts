import { type FieldErrors, get } from 'react-hook-form';

/** The message of a (possibly nested) field's error: `errorOf(errors, 'customAssociatedInfo.0.value')`. */
export function errorOf(errors: FieldErrors, name: string): string | undefined {
  const e = get(errors, name) as { message?: unknown } | undefined;
  return typeof e?.message === 'string' && e.message !== '' ? e.message : undefined;
}
