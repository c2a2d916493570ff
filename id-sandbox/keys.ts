// Signing keys and compact JWS with node:crypto only (the sandbox has no dependency but Hono).
// LINE's keys are ES256 (its JWKS; its web login signs ID tokens with HS256 and the channel
// secret instead), Google and Yahoo! JAPAN sign with RS256. Keys are made at start:
// a restarted sandbox has new keys, and a relying party finds them again through the JWKS.
import { createHash, createHmac, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

export type SigningKey = { alg: 'RS256' | 'ES256'; kid: string; privateKey: KeyObject; jwk: Record<string, unknown> };

export function makeKey(alg: SigningKey['alg']): SigningKey {
  const { privateKey, publicKey } =
    alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  return { alg, kid, privateKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export function signJwt(key: SigningKey, claims: Record<string, unknown>): string {
  const input = `${b64({ alg: key.alg, typ: 'JWT', kid: key.kid })}.${b64(claims)}`;
  const signature =
    key.alg === 'ES256'
      ? sign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(input), key.privateKey);
  return `${input}.${signature.toString('base64url')}`;
}

/** A JWT signed with HS256 and a shared secret (LINE's web-login ID tokens, signed with the channel secret). */
export function signJwtHs256(secret: string, claims: Record<string, unknown>): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** The at_hash / c_hash of OpenID Connect: the left half of the SHA-256 of the value. */
export const halfHash = (value: string) => createHash('sha256').update(value).digest().subarray(0, 16).toString('base64url');

/** PKCE S256: BASE64URL(SHA256(verifier)). */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
