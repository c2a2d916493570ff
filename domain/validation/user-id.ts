// The user ID: 6 to 15 half-width letters and digits. Kept as typed (no case folding here).
import type { MessageParams, ValidationMessageKey } from './messages.ts';

export const USER_ID_MIN_LENGTH = 6;
export const USER_ID_MAX_LENGTH = 15;

/** The rules a non-empty, trimmed user ID breaks, with their params ([] when it is fine). */
export function userIdProblems(userId: string): [ValidationMessageKey, MessageParams?][] {
  const problems: [ValidationMessageKey, MessageParams?][] = [];
  if (userId.length < USER_ID_MIN_LENGTH) problems.push(['userId.tooShort', { min: USER_ID_MIN_LENGTH }]);
  if (userId.length > USER_ID_MAX_LENGTH) problems.push(['userId.tooLong', { max: USER_ID_MAX_LENGTH }]);
  if (!/^[A-Za-z0-9]*$/.test(userId)) problems.push(['userId.invalidChars']);
  return problems;
}

export function isUserId(text: string): boolean {
  return userIdProblems(text).length === 0;
}
