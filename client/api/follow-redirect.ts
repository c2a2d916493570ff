import { navigate } from 'vike/client/router';

/** Whether `url` is a path on this site (not //host, not a scheme). */
export function isSitePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/**
 * Goes where a successful answer's `redirectTo` says. `reload` asks for a full page load, used
 * after login, logout and sign-up so that the header and the root data (authId) are rendered
 * afresh; otherwise a path on this site is a client-side navigation.
 */
export async function followRedirect(redirectTo: string | undefined, opts: { reload?: boolean; fallback?: string } = {}): Promise<void> {
  const target = redirectTo && redirectTo !== '' ? redirectTo : (opts.fallback ?? '/');
  if (opts.reload || !isSitePath(target)) {
    window.location.assign(isSitePath(target) ? target : '/');
    return;
  }
  await navigate(target);
}
