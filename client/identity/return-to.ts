// The page a sign-up was started from (a plan being bought), as the first sign-up steps carry it
// in their address: /login?redirectTo=… → /signup?redirectTo=… → /signup/auth?redirectTo=… →
// /signup/email?redirectTo=…; the calls then keep it in the sign-up flow (decision 0036).
import { usePageContext } from 'vike-react/usePageContext';
import { safeRedirect } from '#domain/safe-redirect.ts';

/** The address's same-site ?redirectTo, or '' (absent, or leading elsewhere). */
export function useReturnTo(): string {
  return safeRedirect(usePageContext().urlParsed.search.redirectTo, '');
}

/** `path` with the return target kept in its query. */
export function withReturnTo(path: string, returnTo: string): string {
  return returnTo ? `${path}?${new URLSearchParams({ redirectTo: returnTo })}` : path;
}
