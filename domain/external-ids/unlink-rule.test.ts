import { describe, expect, it } from 'vitest';
import { mayUnlink } from './unlink-rule.ts';

describe('mayUnlink', () => {
  it.each([
    [true, 0, false],
    [true, 1, true],
    [true, 3, true],
    [false, 0, false],
    [false, 1, false],
    [false, 2, true],
  ])('password %s, %i linked: %s', (hasPassword, linkedCount, expected) => {
    expect(mayUnlink({ hasPassword, linkedCount })).toBe(expected);
  });
});
