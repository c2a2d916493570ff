import { useEffect, useState } from 'react';

/** Spec 2 and 9: the header's scrolled state begins when the page is scrolled more than 5 px. */
export const SCROLLED_AFTER_PX = 5;

/** False on the server and on the first browser render (no hydration mismatch), then live. */
export function useScrolled(threshold = SCROLLED_AFTER_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
