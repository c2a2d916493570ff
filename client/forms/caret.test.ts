import { describe, expect, it } from 'vitest';
import { caretAfterDigits, countDigits } from './caret.ts';

describe('caret', () => {
  it('counts digits', () => {
    expect(countDigits('1990/0a1')).toBe(6);
  });

  it('finds the place after the n-th digit', () => {
    expect(caretAfterDigits('1990/01/31', 0)).toBe(0);
    expect(caretAfterDigits('1990/01/31', 4)).toBe(4);
    expect(caretAfterDigits('1990/01/31', 5)).toBe(6);
    expect(caretAfterDigits('1990/01/31', 9)).toBe(10);
  });
});
