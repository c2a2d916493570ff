import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#domain/errors.ts';
import { authCodes } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { loadSecret, SECRET_NAMES } from '#server/platform/auth/secrets.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { type CodeRepo, createCodeRepo, type Target } from './code-repo.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let secret: Buffer;
let now = new Date('2026-05-01T00:00:00Z');
let repo: CodeRepo;
/** The repository as an edge calls it: inside the store's scope, which binds the code to the store. */
type InStore = Target & { storeId: string };
const codes = {
  issue: ({ storeId, ...t }: InStore & { validityMinutes: number }) => inStore(storeId, () => repo.issue(t)),
  verify: ({ storeId, ...t }: InStore & { code: string }) => inStore(storeId, () => repo.verify(t)),
  purge: (before: Date) => repo.purge(before),
};
const tick = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  database = await createTestDatabase();
  secret = await loadSecret(database.db, SECRET_NAMES.authCodes);
  repo = createCodeRepo({ db: database.db, clock: () => now, secret: async () => secret });
});
afterAll(() => database.drop());

let n = 0;
/** A fresh address per test, so no test sees another's codes. */
const target = (): InStore => ({ storeId: 'aozora', email: `member${++n}@example.jp`, purpose: 'signUp' });
const issue = (t: ReturnType<typeof target>) => codes.issue({ ...t, validityMinutes: 60 });

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, message: e.message, field: e.field, fields: e.fields };
    throw e;
  }
  return null;
}
const PIN_ERROR = { code: 'PIN_CODE_ERROR', message: 'authCode.failed', field: 'pinCode', fields: undefined };
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('one-time codes', () => {
  it('issues 6 digits valid for the given minutes and accepts them once', async () => {
    const t = target();
    const { code, expiresAt } = await issue(t);
    expect(code).toMatch(/^\d{6}$/);
    expect(expiresAt).toEqual(new Date(now.getTime() + 60 * 60_000));
    expect(await codes.verify({ ...t, code })).toBe(true);
    expect(await failure(codes.verify({ ...t, code }))).toEqual(PIN_ERROR);
  });

  it('stores only a keyed hash of the code', async () => {
    const t = target();
    const { code } = await issue(t);
    const rows = await database.admin.select().from(authCodes);
    expect(JSON.stringify(rows)).not.toContain(code);
    const mine = rows.filter((r) => r.email === t.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.codeHash).toBe(createHmac('sha256', secret).update(`aozora|${t.email}|signUp|${code}`).digest('hex'));
  });

  it('expires after the validity period', async () => {
    const a = target();
    const b = target();
    const codeA = (await issue(a)).code;
    const codeB = (await issue(b)).code;
    tick(60 * 60 - 1);
    expect(await codes.verify({ ...a, code: codeA })).toBe(true);
    tick(1);
    expect(await failure(codes.verify({ ...b, code: codeB }))).toEqual(PIN_ERROR);
  });

  it('is not spoiled by wrong entries: they are counted per flow and client by the caller (code-check.ts)', async () => {
    const t = target();
    const { code } = await issue(t);
    for (let i = 0; i < 12; i++) expect(await failure(codes.verify({ ...t, code: i === 0 ? 'abc' : wrong(code) }))).toEqual(PIN_ERROR);
    expect(await codes.verify({ ...t, code })).toBe(true);
  });

  it('binds a code to its store, address and purpose', async () => {
    const t = target();
    const { code } = await issue(t);
    expect(await failure(codes.verify({ ...t, storeId: 'midori', code }))).toEqual(PIN_ERROR);
    expect(await failure(codes.verify({ ...t, email: `x${t.email}`, code }))).toEqual(PIN_ERROR);
    expect(await failure(codes.verify({ ...t, purpose: 'login', code }))).toEqual(PIN_ERROR);
    // The address is compared case-insensitively, and the failed tries elsewhere cost this code nothing.
    expect(await codes.verify({ ...t, email: t.email.toUpperCase(), code })).toBe(true);
  });

  it('replaces the older code with a new one (how often is the business of send-limits.ts)', async () => {
    const t = target();
    const first = await issue(t);
    tick(1);
    const second = await issue(t);
    expect(await failure(codes.verify({ ...t, code: first.code }))).toEqual(PIN_ERROR);
    expect(await codes.verify({ ...t, code: second.code })).toBe(true);
  });

  it('lets only one of two parallel verifications of the right code succeed', async () => {
    const t = target();
    const { code } = await issue(t);
    const results = await Promise.all([1, 2, 3].map(() => failure(codes.verify({ ...t, code }))));
    expect(results.filter((r) => r === null)).toHaveLength(1);
  });

  it('leaves one live code when several are issued at once', async () => {
    const t = target();
    await Promise.all([1, 2, 3, 4].map(() => issue(t)));
    const live = (await database.admin.select().from(authCodes)).filter((r) => r.email === t.email && r.expiresAt > now);
    expect(live).toHaveLength(1);
  });

  it('purges old codes', async () => {
    const t = target();
    await issue(t);
    tick(24 * 3600);
    expect(await codes.purge(new Date(now.getTime() - 3600_000))).toBeGreaterThan(0);
    expect((await database.admin.select().from(authCodes)).filter((r) => r.email === t.email)).toEqual([]);
  });
});
