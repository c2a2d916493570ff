import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleCounters } from '#server/db/schema.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import {
  accountDelaySeconds,
  accountKey,
  addressKey,
  createLoginThrottle,
  LOGIN_THROTTLE,
  type LoginThrottle,
  loginNameKey,
  type ThrottleKeys,
} from './throttle.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let throttle: LoginThrottle;
beforeAll(async () => {
  database = await createTestDatabase();
  throttle = createLoginThrottle(database.db);
});
afterAll(() => database.drop());

let n = 0;
/** Fresh keys per test, so no test sees another's counters. */
const keys = (): ThrottleKeys => {
  n++;
  return { storeId: 'aozora', account: accountKey('aozora', `acct-${n}`), address: addressKey('aozora', `203.0.113.${n}`) };
};
const t0 = new Date('2026-05-01T00:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('login throttle policy', () => {
  it('has the documented numbers', () => {
    expect(LOGIN_THROTTLE).toEqual({
      windowSeconds: 900,
      account: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 30, blockAfter: 10, blockSeconds: 900 },
      address: { blockAfter: 30, blockSeconds: 900 },
    });
    expect([0, 4, 5, 6, 7, 8, 9, 10, 11, 20].map((f) => accountDelaySeconds(f))).toEqual([0, 0, 1, 2, 4, 8, 16, 30, 30, 30]);
  });

  it('makes the 5 first failures free, then doubles the wait after each failure and blocks at 10 for 15 minutes', async () => {
    const k = keys();
    let s = 0;
    for (let i = 0; i < 5; i++) {
      expect(await throttle.check(k, at(s))).toEqual({ allowed: true });
      await throttle.recordFailure(k, at(s));
    }
    for (const delay of [1, 2, 4, 8, 16]) {
      expect(await throttle.check(k, at(s))).toEqual({ allowed: false, retryAfterSeconds: delay });
      expect(await throttle.check(k, at(s + delay - 0.5))).toEqual({ allowed: false, retryAfterSeconds: 1 });
      s += delay;
      expect(await throttle.check(k, at(s))).toEqual({ allowed: true });
      await throttle.recordFailure(k, at(s));
    }
    // 10 failures: password login is blocked for 15 minutes from the last one.
    expect(await throttle.check(k, at(s))).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect(await throttle.check(k, at(s + 899))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await throttle.check(k, at(s + 900))).toEqual({ allowed: true });
    // After the block a new window starts: the next failure is free again.
    await throttle.recordFailure(k, at(s + 900));
    expect(await throttle.check(k, at(s + 900))).toEqual({ allowed: true });
  });

  it('starts a new window 15 minutes after the first failure', async () => {
    const k = keys();
    for (let i = 0; i < 4; i++) await throttle.recordFailure(k, at(i));
    for (let i = 0; i < 4; i++) await throttle.recordFailure(k, at(900 + i));
    expect(await throttle.check(k, at(904))).toEqual({ allowed: true });
  });

  it('clears the account counter on a successful login, but not the address counter', async () => {
    const k = keys();
    for (let i = 0; i < 7; i++) await throttle.recordFailure(k, at(i * 10));
    expect((await throttle.check(k, at(60))).allowed).toBe(false);
    await throttle.recordSuccess(k);
    expect(await throttle.check(k, at(60))).toEqual({ allowed: true });
    const [address] = (await database.admin.select().from(throttleCounters)).filter((r) => r.key === k.address);
    expect(address?.failures).toBe(7);
  });

  it('blocks an address after 30 failures in 15 minutes, whatever the accounts tried', async () => {
    const ip = addressKey('aozora', '198.51.100.7');
    for (let i = 0; i < 30; i++) {
      const k = { storeId: 'aozora', account: loginNameKey('aozora', `guess${i}@example.jp`), address: ip };
      expect((await throttle.check(k, at(i))).allowed).toBe(true);
      await throttle.recordFailure(k, at(i));
    }
    const fresh = { storeId: 'aozora', account: accountKey('aozora', 'someone-else'), address: ip };
    expect(await throttle.check(fresh, at(30))).toEqual({ allowed: false, retryAfterSeconds: 900 - 1 });
    // The same account from another address is not blocked by this.
    expect(await throttle.check({ ...fresh, address: addressKey('aozora', '198.51.100.8') }, at(30))).toEqual({ allowed: true });
    expect(await throttle.check(fresh, at(29 + 900))).toEqual({ allowed: true });
  });

  it('is shared by every instance on the same database', async () => {
    const other = createLoginThrottle(database.db);
    const k = keys();
    for (let i = 0; i < 10; i++) await (i % 2 ? throttle : other).recordFailure(k, at(i * 20));
    expect(await other.check(k, at(200))).toEqual({ allowed: false, retryAfterSeconds: 900 - 20 });
    expect(await throttle.check(k, at(200))).toEqual({ allowed: false, retryAfterSeconds: 900 - 20 });
  });

  it('counts parallel failures exactly (atomic upserts)', async () => {
    const k = keys();
    await Promise.all(Array.from({ length: 12 }, () => throttle.recordFailure(k, at(0))));
    const [row] = (await database.admin.select().from(throttleCounters)).filter((r) => r.key === k.account);
    expect(row?.failures).toBe(12);
    expect(row?.blockedUntil).toEqual(at(900));
  });

  it('keys unknown login names by a hash of the lower-cased name, per store', () => {
    const key = loginNameKey('aozora', ' Taro@Example.jp ');
    expect(key).toBe(loginNameKey('aozora', 'taro@example.jp'));
    expect(key).toMatch(/^name:aozora:[0-9a-f]{64}$/);
    expect(loginNameKey('midori', 'taro@example.jp')).not.toBe(key);
  });

  it('purges counters whose window and block are over', async () => {
    const k = keys();
    await throttle.recordFailure(k, at(0));
    expect(await throttle.purge(at(900))).toBeGreaterThan(0);
    expect((await database.admin.select().from(throttleCounters)).filter((r) => r.key === k.account)).toEqual([]);
  });
});
