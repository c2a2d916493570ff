// A wrong password for a member's address and for a stranger's must not be told apart by their
// answer's time (issue 19, defect 7): both paths do the same work. Timing tests are flaky on a shared
// machine, so this checks the work itself (tests/bench/timing-probe.ts measures the time): the same
// calls of the same repositories over a real database, and one argon2 verification each.
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeSettings } from '#config-schema/store-settings.ts';
import { loginHistory } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createAccountRepo } from '#server/platform/accounts/repo.ts';
import { createLoginHistoryRepo } from '#server/platform/auth/login-history.ts';
import { hashPassword } from '#server/platform/auth/passwords.ts';
import { createLoginThrottle } from '#server/platform/auth/throttle.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import type { Scope } from '#server/platform/tenancy/scope.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { createLoginService } from './service.ts';

// The real hasher, counted: every verification goes through this spy.
vi.mock('@node-rs/argon2', async (original) => {
  const real = await original<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: ReturnType<typeof createLoginService>;
let caller: Scope;
/** Which repository methods the service called, in order. */
let calls: string[] = [];
let clientNo = 0;

/** The repository with each method call written to `calls`. */
function counted<T extends object>(name: string, repo: T): T {
  return new Proxy(repo, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${name}.${String(prop)}`);
        return value.apply(target, args);
      };
    },
  });
}
/** A dependency a failed password login must never reach. */
const untouched = <T>(name: string) =>
  new Proxy(
    {},
    {
      get: (_t, prop) => () => {
        throw new Error(`${name}.${String(prop)} called`);
      },
    },
  ) as T;

beforeAll(async () => {
  database = await createTestDatabase();
  const settings = storeSettings.parse(tenantDoc('timing'));
  await createStoreRepo(database.db).save(settings);
  const accounts = createAccountRepo(database.db);
  for (const email of ['member1@example.jp', 'member2@example.jp']) {
    await inStore('timing', async () =>
      accounts.create({ email, passwordHash: await hashPassword('the-right-password-1'), at: new Date() }),
    );
  }
  service = createLoginService({
    accounts: counted('accounts', accounts),
    throttle: counted('throttle', createLoginThrottle(database.db)),
    loginHistory: counted('loginHistory', createLoginHistoryRepo(database.db)),
    flows: untouched('flows'),
    sessions: untouched('sessions'),
    verification: untouched('verification'),
    mail: untouched('mail'),
    clock: () => new Date(),
  });
  caller = {
    store: { storeId: 'timing', revision: 1, settings, publicSettings: {} as never },
    origin: 'http://timing.localhost',
    lang: 'ja',
    clientIp: '203.0.113.1',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    requestId: 'test',
  };
});
afterAll(() => database.drop());

/** One wrong-password login from a client address of its own: the error code, the calls made, the verifications. */
async function wrongPassword(emailUserId: string) {
  calls = [];
  vi.mocked(argon2.verify).mockClear();
  const from = { ...caller, clientIp: `203.0.113.${++clientNo}` };
  // The store's scope, as the tenancy middleware enters it for a request.
  const code = await inStore('timing', () =>
    service.withPassword(from, { emailUserId, password: 'wrong-password-1' }, { sid: undefined, latid: undefined }),
  ).then(
    () => 'signed in',
    (err: { code?: string }) => err.code,
  );
  return { code, calls, verifications: vi.mocked(argon2.verify).mock.calls.length };
}

const historyRows = () => database.admin.$count(loginHistory);

describe('a wrong password for a member and for a stranger', () => {
  it('does the same work on both paths: the same repository calls and one argon2 verification', async () => {
    const member = await wrongPassword('member1@example.jp');
    const stranger = await wrongPassword('stranger@example.jp');
    expect(member).toMatchObject({ code: 'LOGIN_FAILED', verifications: 1 });
    expect(stranger).toEqual({ ...member, calls: member.calls });
    expect(member.calls).toContain('throttle.recordFailure');
  });

  it("keeps the failure in the member's login history, and nothing for a stranger", async () => {
    const before = await historyRows();
    await wrongPassword('stranger2@example.jp');
    expect(await historyRows()).toEqual(before);
    await wrongPassword('member2@example.jp');
    const [row] = await inStore('timing', async () =>
      createLoginHistoryRepo(database.db).list((await createAccountRepo(database.db).findByLogin('member2@example.jp'))?.id as string, {
        limit: 5,
      }),
    );
    expect(row).toMatchObject({ result: false, loginType: 'password', deviceName: 'Windows 10', browser: 'Chrome' });
  });

  it('does the same work when the name is blocked, member or not', async () => {
    // Enough failures from one address block the address; then both names are refused the same way.
    const blockedCaller = { ...caller, clientIp: '198.51.100.7' };
    const attempt = async (emailUserId: string) => {
      calls = [];
      vi.mocked(argon2.verify).mockClear();
      const code = await inStore('timing', () =>
        service.withPassword(blockedCaller, { emailUserId, password: 'wrong-password-1' }, { sid: undefined, latid: undefined }),
      ).catch((err: { code?: string }) => err.code);
      return { code, calls, verifications: vi.mocked(argon2.verify).mock.calls.length };
    };
    for (let i = 0; i < 50 && (await attempt(`filler${i}@example.jp`)).code !== 'LOGIN_BLOCKED'; i++);
    const member = await attempt('member1@example.jp');
    const stranger = await attempt('stranger3@example.jp');
    expect(member.code).toBe('LOGIN_BLOCKED');
    expect(stranger).toEqual(member);
  });
});
