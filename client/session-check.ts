import { useEffect } from 'react';

export const AUTH_COOKIE = 'auid';

export function readCookie(cookieString: string, name: string): string {
  for (const part of cookieString.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return '';
}

function isBackForward(): boolean {
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return nav?.type === 'back_forward';
}

/**
 * Cross-tab session check (spec 4): when the page comes back from the back/forward cache, or
 * was reached by back/forward, a different `auid` cookie than the page's authId means the viewer
 * logged in or out in another tab, so the page reloads.
 */
export function useCrossTabSessionCheck(authId: string): void {
  useEffect(() => {
    const check = (restored: boolean) => {
      if (!restored && !isBackForward()) return;
      if (readCookie(document.cookie, AUTH_COOKIE) !== authId) {
        console.info('Reloading: the authentication check failed (the session changed in another tab).');
        window.location.reload();
      }
    };
    const onPageShow = (e: PageTransitionEvent) => check(e.persisted);
    window.addEventListener('pageshow', onPageShow);
    check(false);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [authId]);
}
