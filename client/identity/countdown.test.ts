import { describe, expect, it } from 'vitest';
import { secondsLeft, startCountdown, tickCountdown } from './countdown.ts';

describe('countdown', () => {
  it('counts whole seconds up to the deadline, rounded up', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 1)).toBe(30);
    expect(secondsLeft(30_000, 29_001)).toBe(1);
    expect(secondsLeft(30_000, 30_000)).toBe(0);
    expect(secondsLeft(30_000, 99_000)).toBe(0);
  });

  it('starts at the full count and restarts from any moment', () => {
    expect(startCountdown(1_000, 30)).toEqual({ deadline: 31_000, left: 30 });
    expect(startCountdown(50_000, 30)).toEqual({ deadline: 80_000, left: 30 });
    expect(startCountdown(0, -5)).toEqual({ deadline: 0, left: 0 });
  });

  it('keeps the same object while the second is unchanged', () => {
    const s = startCountdown(0, 10);
    expect(tickCountdown(s, 400)).toBe(s);
    expect(tickCountdown(s, 1_000)).toEqual({ deadline: 10_000, left: 9 });
    expect(tickCountdown(s, 12_000).left).toBe(0);
  });
});
