import type { ChangeEvent, CompositionEvent, FocusEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { caretAfterDigits, countDigits } from './caret.ts';

/** Reformats the box's text in place, keeping the caret after the same digits. */
function apply(el: HTMLInputElement, format: (text: string) => string): void {
  const before = el.value;
  const next = format(before);
  if (next === before) return;
  const caret = el.selectionStart ?? before.length;
  const atEnd = caret >= before.length;
  el.value = next;
  if (document.activeElement === el) {
    const pos = atEnd ? next.length : caretAfterDigits(next, countDigits(before.slice(0, caret)));
    el.setSelectionRange(pos, pos);
  }
}

/**
 * The registration of a box whose text is formatted as it is typed (digits only, YYYY/MM/DD).
 * Text being composed with an input method is left alone until the composition ends.
 */
export function formatted(registration: UseFormRegisterReturn, format: (text: string) => string) {
  return {
    ...registration,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      if (!(e.nativeEvent as InputEvent).isComposing) apply(e.target, format);
      return registration.onChange(e);
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      apply(e.target, format);
      return registration.onBlur(e);
    },
    onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) => {
      apply(e.currentTarget, format);
      return registration.onChange({ target: e.currentTarget, type: 'change' });
    },
  };
}

/** Half-width digits only, at most `max`. */
export const digitsOnly = (max: number) => (text: string) =>
  text
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/\D/g, '')
    .slice(0, max);
