// The ID token checks openid-client does not make itself (decision 0022, amended): the HS256
// signature of LINE's web-login tokens (the channel secret is the key; the library verifies only
// public-key signatures against the JWKS), and an `iat` in the future beyond a small skew.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a provider's clock may run ahead of ours. */
export const IAT_SKEW_S = 60;

/** Whether the compact JWS is HS256 and signed with `secret` (its header says HS256 and nothing else). */
export function hs256SignatureValid(idToken: string, secret: string): boolean {
  const parts = idToken.split('.');
  if (parts.length !== 3) return false;
  const [header = '', payload = '', signature = ''] = parts;
  let alg: unknown;
  try {
    alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
  } catch {
    return false;
  }
  if (alg !== 'HS256') return false;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An `iat` that is missing, not a number, or later than now plus the skew. */
export function issuedAtRefused(iat: unknown, now: Date): boolean {
  return typeof iat !== 'number' || !Number.isFinite(iat) || iat > now.getTime() / 1000 + IAT_SKEW_S;
}
