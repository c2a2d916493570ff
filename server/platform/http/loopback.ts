import type { Context } from 'hono';

/** Headers a proxy adds: a request carrying any of them was relayed, whatever its socket says. */
const PROXY_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8, ::1, and IPv4-mapped loopback (::ffff:127.0.0.1, or ::ffff:7f00:1 in hex). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  if (/^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(a)) return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  const parts = v4.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

/** The address at the other end of the request's socket (@hono/node-server's `incoming`), if any. */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** Whether a proxy's header says the request was relayed (whatever its socket says). */
export function hasProxyHeader(c: Context): boolean {
  return PROXY_HEADERS.some((name) => c.req.header(name) !== undefined);
}

/**
 * Whether the request comes straight from a client on this machine: the socket's remote address
 * is loopback and nothing says a proxy relayed it (no forwarding header, and the operator has not
 * declared one with TRUST_PROXY). A proxy on the same machine connects from loopback too, for
 * every client it relays; that is why the headers and TRUST_PROXY count.
 */
export function isDirectLocalRequest(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) return false;
  if (hasProxyHeader(c)) return false;
  return isLoopbackAddress(socketAddress(c));
}
