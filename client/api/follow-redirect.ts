import { navigate } from 'vike/client/router';
import { safeRedirect } from '#domain/safe-redirect.ts';

/**
 * Goes where a successful answer's `redirectTo` says, if that is a path on this site (the same
 * check as the server's; anything else goes to the top page). `reload` asks for a full page
 * load, used after login, logout and sign-up so that the header and the root data (authId) are
 * rendered afresh; otherwise it is a client-side navigation.
 */
export async function followRedirect(redirectTo: string | undefined, opts: { reload?: boolean; fallback?: string } = {}): Promise<void> {
  const target = safeRedirect(redirectTo || opts.fallback || '/');
  if (opts.reload) {
    window.location.assign(target);
    return;
  }
  await navigate(target);
}
