// Where to send a viewer back to after login or sign-up: only a path on this site. Used by the
// server for every redirect target it accepts and by the browser before it follows one.

/** A stand-in origin: a target that resolves to any other origin is refused. */
const HERE = 'http://here.invalid';
const MAX_LENGTH = 2000;
/** C0 controls and DEL: the URL parser drops tabs and newlines wherever they stand. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
/** How many rounds of percent-decoding a path is checked through (%25 nests one level each). */
const DECODE_ROUNDS = 4;

/**
 * The path, query and fragment of `path` resolved on this site, or null if it would leave it,
 * also once compatibility forms are folded ('／' to '/', '＼' to '\\', '．' to '.').
 */
function resolveHere(path: string): URL | null {
  const folded = path.normalize('NFKC');
  if (!folded.startsWith('/') || CONTROL.test(folded) || folded.includes('\\')) return null;
  if (folded !== path && !resolveHere(folded)) return null;
  let url: URL;
  try {
    url = new URL(path, HERE);
  } catch {
    return null;
  }
  // Dot segments are resolved now: '/..//x' and '/%2e%2e//x' have become '//x'.
  if (url.origin !== HERE || url.pathname.startsWith('//')) return null;
  return url;
}

function decodeOnce(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * `value` as a same-site path ('/plans/monthly?from=login#top'), normalised (dot segments
 * resolved, unsafe characters percent-encoded); anything that could lead elsewhere becomes
 * `fallback`: another origin or scheme, a protocol-relative '//x', backslashes, control
 * characters, and a path that leaves the site once a later step percent-decodes it again
 * ('/%2F%2Fevil', '/%2e%2e%2F%2Fevil', '/%5Cevil', '/%252F%252Fevil').
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return fallback;
  const url = resolveHere(value);
  if (!url) return fallback;
  let path = url.pathname;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const decoded = decodeOnce(path);
    if (decoded === null || decoded === path) break;
    const again = resolveHere(decoded.replace(/[?#].*$/s, ''));
    if (!again) return fallback;
    path = decoded;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
