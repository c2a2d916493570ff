import { describe, expect, it } from 'vitest';
import { isUserId, userIdProblems } from './user-id.ts';

describe('userIdProblems', () => {
  it('6 to 15 half-width letters and digits', () => {
    expect(userIdProblems('abc123')).toEqual([]);
    expect(userIdProblems('ABCdef123456789')).toEqual([]);
    expect(userIdProblems('abc12')).toEqual([['userId.tooShort', { min: 6 }]]);
    expect(userIdProblems('abcdef1234567890')).toEqual([['userId.tooLong', { max: 15 }]]);
    expect(userIdProblems('abc_123')).toEqual([['userId.invalidChars']]);
    expect(userIdProblems('ａｂｃ１２３')).toEqual([['userId.invalidChars']]);
    expect(userIdProblems('ab-1')).toEqual([['userId.tooShort', { min: 6 }], ['userId.invalidChars']]);
  });

  it('isUserId', () => {
    expect(isUserId('taro2026')).toBe(true);
    expect(isUserId('taro@example.jp')).toBe(false);
  });
});
