import { useCallback, useEffect, useState } from 'react';
import { type Countdown, startCountdown, tickCountdown } from './countdown.ts';

/**
 * Seconds left of a countdown of `seconds` that starts when the page is shown in the browser
 * (the server's HTML shows the full count), and `restart(n)` to count n seconds from now.
 */
export function useCountdown(seconds: number): { left: number; restart: (n?: number) => void } {
  const [state, setState] = useState<Countdown | null>(null);
  useEffect(() => {
    setState(startCountdown(Date.now(), seconds));
  }, [seconds]);
  const running = state !== null && state.left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setState((s) => (s ? tickCountdown(s, Date.now()) : s)), 250);
    return () => window.clearInterval(timer);
  }, [running]);
  const restart = useCallback((n?: number) => setState(startCountdown(Date.now(), n ?? seconds)), [seconds]);
  return { left: state === null ? seconds : state.left, restart };
}

/** Whether `ms` have passed since the page was shown (false in the server's HTML). */
export function useAfter(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPassed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return passed;
}
