import { safeRedirect } from '#domain/safe-redirect.ts';

/**
 * The page a sign-up (or login) was started from, as the first sign-up steps carry it in their
 * address (?redirectTo=/plans/monthly): a same-site path, or '' when absent or leading elsewhere.
 */
export const returnToOf = (value: unknown): string => safeRedirect(value, '');

/** `path` with the query's return target kept (`/signup/auth?redirectTo=%2Fplans%2Fmonthly`). */
export function withReturnTo(path: string, query: URLSearchParams): string {
  const back = returnToOf(query.get('redirectTo'));
  return back ? `${path}?${new URLSearchParams({ redirectTo: back })}` : path;
}
