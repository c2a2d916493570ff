/** The three session cookies (docs/architecture.md, Identity) and how they are written. */
export const SID = 'sid';
export const AUID = 'auid';
export const LATID = 'latid';

/** Cookies are Secure everywhere except on localhost, where development runs over plain HTTP. */
export function isLocalHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1';
}

type CookieOpts = { maxAgeSeconds: number | null; httpOnly: boolean; secure: boolean };

/** A host-only cookie (no Domain attribute), so sibling stores never share it. */
export function serializeCookie(name: string, value: string, o: CookieOpts): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (o.maxAgeSeconds !== null) parts.push(`Max-Age=${o.maxAgeSeconds}`);
  if (o.httpOnly) parts.push('HttpOnly');
  if (o.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(name: string, secure: boolean, httpOnly = true): string {
  return serializeCookie(name, '', { maxAgeSeconds: 0, httpOnly, secure });
}

export function readCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    try {
      out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      // A malformed cookie is ignored, not fatal.
    }
  }
  return out;
}
