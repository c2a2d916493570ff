import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hs256SignatureValid, issuedAtRefused } from './id-token-checks.ts';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const hs256 = (secret: string, claims: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

describe('LINE ID token signature (HS256 with the channel secret)', () => {
  it('accepts a token signed with the secret, refuses another secret, changed claims, alg none and a bad shape', () => {
    const token = hs256('channel-secret', { sub: 'U1' });
    expect(hs256SignatureValid(token, 'channel-secret')).toBe(true);
    expect(hs256SignatureValid(token, 'other-secret')).toBe(false);
    const [header, , signature] = token.split('.');
    expect(hs256SignatureValid(`${header}.${b64({ sub: 'U2' })}.${signature}`, 'channel-secret')).toBe(false);
    expect(hs256SignatureValid(`${b64({ alg: 'none' })}.${b64({ sub: 'U1' })}.`, 'channel-secret')).toBe(false);
    expect(hs256SignatureValid(hs256('channel-secret', { sub: 'U1' }, { alg: 'HS512' }), 'channel-secret')).toBe(false);
    expect(hs256SignatureValid('not-a-jwt', 'channel-secret')).toBe(false);
    expect(hs256SignatureValid('', 'channel-secret')).toBe(false);
  });
});

describe('iat', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  const s = now.getTime() / 1000;
  it('takes a token issued now or up to a minute ahead; refuses later, missing or non-numeric', () => {
    expect(issuedAtRefused(s, now)).toBe(false);
    expect(issuedAtRefused(s - 3000, now)).toBe(false);
    expect(issuedAtRefused(s + 60, now)).toBe(false);
    expect(issuedAtRefused(s + 61, now)).toBe(true);
    expect(issuedAtRefused(undefined, now)).toBe(true);
    expect(issuedAtRefused(String(s), now)).toBe(true);
  });
});
