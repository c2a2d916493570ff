import { describe, expect, it } from 'vitest';
import { canRetrySettlement, holdDeadline, nextRetryAt, RETRY_AFTER_DAYS } from './retry-schedule.ts';

describe('retry schedule', () => {
  it('retries 1, 3 and 7 days after the failed day, at JST midnight, then none', () => {
    expect(RETRY_AFTER_DAYS).toEqual([1, 3, 7]);
    expect(nextRetryAt('2027-02-27', 0)?.toISOString()).toBe('2027-02-27T15:00:00.000Z');
    expect(nextRetryAt('2027-02-27', 1)?.toISOString()).toBe('2027-03-01T15:00:00.000Z');
    expect(nextRetryAt('2027-02-27', 2)?.toISOString()).toBe('2027-03-05T15:00:00.000Z');
    expect(nextRetryAt('2027-02-27', 3)).toBeNull();
  });
  it('the member may retry while held, up to the last retry day', () => {
    expect(holdDeadline('2028-02-25')).toBe('2028-03-03');
    expect(canRetrySettlement({ onHold: true, holdSince: '2028-02-25', today: '2028-02-25' })).toBe(true);
    expect(canRetrySettlement({ onHold: true, holdSince: '2028-02-25', today: '2028-03-03' })).toBe(true);
    expect(canRetrySettlement({ onHold: true, holdSince: '2028-02-25', today: '2028-03-04' })).toBe(false);
    expect(canRetrySettlement({ onHold: false, holdSince: '2028-02-25', today: '2028-02-26' })).toBe(false);
    expect(canRetrySettlement({ onHold: true, holdSince: null, today: '2028-02-26' })).toBe(false);
  });
});
