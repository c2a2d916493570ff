// Password hashing: argon2id with the OWASP Password Storage Cheat Sheet's first configuration.
// @node-rs/argon2's async functions run on libuv's thread pool, off the event loop.
// Kept free of Vite-only imports so plain Node scripts (seeds, the CLI) can hash too.
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Memory cost in KiB (19 MiB). */
export const ARGON2_MEMORY_KIB = 19_456;
/** Passes over the memory. */
export const ARGON2_TIME_COST = 2;
/** Lanes. */
export const ARGON2_PARALLELISM = 1;

// `Algorithm` is an ambient const enum (its runtime object is empty): name the value here.
const ARGON2ID = 2 as Algorithm;

const OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: ARGON2_MEMORY_KIB,
  timeCost: ARGON2_TIME_COST,
  parallelism: ARGON2_PARALLELISM,
} as const;

/** A PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. A malformed hash gives false, never an exception.
 * Without a hash (unknown login name, or an account without a password) a dummy hash is still
 * verified, so the answer takes as long as for a real account and does not reveal which it was.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
