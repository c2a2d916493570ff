// A countdown in whole seconds towards a deadline (the code resend wait, the logout redirect).
// Pure: the hook in use-countdown.ts feeds it the clock.

export type Countdown = { deadline: number; left: number };

/** Whole seconds from `now` until `deadline` (ms), rounded up, never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function startCountdown(now: number, seconds: number): Countdown {
  const deadline = now + Math.max(0, seconds) * 1000;
  return { deadline, left: secondsLeft(deadline, now) };
}

/** The state at `now`; the same object when the whole seconds did not change (no re-render). */
export function tickCountdown(state: Countdown, now: number): Countdown {
  const left = secondsLeft(state.deadline, now);
  return left === state.left ? state : { ...state, left };
}
