import { describe, expect, it } from 'vitest';
import { canSubmitCode, sanitizeCode } from './code-input.ts';

describe('code input', () => {
  it('keeps half-width digits only, six at most', () => {
    expect(sanitizeCode('１２３ 456')).toBe('123456');
    expect(sanitizeCode('12-34a56789')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });

  it('allows submitting six digits that were not just rejected', () => {
    expect(canSubmitCode('12345', null)).toBe(false);
    expect(canSubmitCode('123456', null)).toBe(true);
    expect(canSubmitCode('123456', '123456')).toBe(false);
    expect(canSubmitCode('123457', '123456')).toBe(true);
  });
});
