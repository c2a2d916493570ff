import { describe, expect, it } from 'vitest';
import { ARGON2_MEMORY_KIB, ARGON2_PARALLELISM, ARGON2_TIME_COST, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters m=19456 KiB, t=2, p=1', async () => {
    expect([ARGON2_MEMORY_KIB, ARGON2_TIME_COST, ARGON2_PARALLELISM]).toEqual([19_456, 2, 1]);
    const h = await hashPassword('correct horse 1');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(h).not.toContain('correct horse 1');
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-password1')).not.toBe(await hashPassword('same-password1'));
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('s3cret-passw0rd');
    expect(await verifyPassword(h, 's3cret-passw0rd')).toBe(true);
    expect(await verifyPassword(h, 'S3cret-passw0rd')).toBe(false);
    expect(await verifyPassword(h, '')).toBe(false);
  });

  it('answers false for a malformed or missing hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'whatever1')).toBe(false);
    expect(await verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'whatever1')).toBe(false);
    expect(await verifyPassword(null, 'whatever1')).toBe(false);
    expect(await verifyPassword(undefined, 'whatever1')).toBe(false);
  });
});
