// The store is chosen by host name; this turns a Host header into the name to look up.

const MAX_HOST_LENGTH = 253;
const LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/;
const PORT = /^\d{0,5}$/;
const IPV6 = /^[0-9a-f:.]+$/;

function validPort(port: string): boolean {
  return PORT.test(port) && (port === '' || Number(port) <= 65535);
}

function normalizeIpv6(header: string): string | null {
  const close = header.indexOf(']');
  if (close === -1) return null;
  const address = header.slice(1, close);
  const rest = header.slice(close + 1);
  if (rest !== '' && !(rest.startsWith(':') && validPort(rest.slice(1)))) return null;
  if (!IPV6.test(address) || !address.includes(':')) return null;
  return address;
}

/**
 * Lower-case host name without port or trailing dot ('Shop.Example.COM.:8080' -> 'shop.example.com').
 * '[::1]:3000' gives '::1'. Returns null for a missing, empty or malformed header (spaces, slashes,
 * '@', an unbracketed IPv6 address, a bad port, empty labels).
 */
export function normalizeHost(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const header = hostHeader.toLowerCase();
  if (header.startsWith('[')) return normalizeIpv6(header);

  const colon = header.indexOf(':');
  const name = colon === -1 ? header : header.slice(0, colon);
  if (colon !== -1 && !validPort(header.slice(colon + 1))) return null;

  const host = name.endsWith('.') ? name.slice(0, -1) : name;
  if (host === '' || host.length > MAX_HOST_LENGTH) return null;
  if (!host.split('.').every((label) => label.length <= 63 && LABEL.test(label))) return null;
  return host;
}
