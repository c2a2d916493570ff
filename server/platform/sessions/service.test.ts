import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { createSessionRepo, tokenHash } from './repo.ts';
import { createSessionService } from './service.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let accountId = '';
let now = new Date('2026-11-01T00:00:00Z');
let svc: ReturnType<typeof createSessionService>;
/** The service as a request of the store sees it (the tenancy middleware enters the store). */
const at = (storeId: string) => ({
  signIn: (...a: Parameters<typeof svc.signIn>) => inStore(storeId, () => svc.signIn(...a)),
  resolve: (...a: Parameters<typeof svc.resolve>) => inStore(storeId, () => svc.resolve(...a)),
  end: (...a: Parameters<typeof svc.end>) => inStore(storeId, () => svc.end(...a)),
  endAll: (...a: Parameters<typeof svc.endAll>) => inStore(storeId, () => svc.endAll(...a)),
});

beforeAll(async () => {
  database = await createTestDatabase();
  const repo = createStoreRepo(database.db);
  await applyStoreDocument(repo, tenantDoc('s1'));
  await applyStoreDocument(repo, tenantDoc('s2'));
  const [row] = await database.admin
    .insert(accounts)
    .values({ storeId: 's1', publicId: 'pub-1', email: 'a@example.jp' })
    .returning({ id: accounts.id });
  accountId = row?.id ?? '';
  svc = createSessionService({ repo: createSessionRepo(database.db), clock: () => now, ttlDays: 30 });
});
afterAll(() => database.drop());

const start = async (storeId: string) => (await at(storeId).signIn(accountId, { sid: undefined, latid: undefined })).sid;

describe('sessions', () => {
  it('stores only the hash of the token and resolves the account of its own store', async () => {
    const token = await start('s1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.admin.select().from(sessions);
    expect(rows.map((r) => r.idHash)).toContain(tokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await at('s1').resolve(token)).toMatchObject({ accountId, publicId: 'pub-1' });
    expect(await at('s2').resolve(token)).toBeNull(); // another store never sees it
    expect(await at('s1').resolve('forged')).toBeNull();
    expect(await at('s1').resolve(undefined)).toBeNull();
  });

  it('expires after the TTL and slides while used', async () => {
    const token = await start('s1');
    now = new Date(now.getTime() + 29 * 86_400_000);
    expect(await at('s1').resolve(token)).not.toBeNull(); // used: expiry slides 30 days from now
    now = new Date(now.getTime() + 29 * 86_400_000);
    expect(await at('s1').resolve(token)).not.toBeNull();
    now = new Date(now.getTime() + 31 * 86_400_000);
    expect(await at('s1').resolve(token)).toBeNull();
  });

  it('ends one session at logout and all of them at a password reset', async () => {
    const a = await start('s1');
    const b = await start('s1');
    await at('s2').end(a); // another store cannot end it
    expect(await at('s1').resolve(a)).not.toBeNull();
    await at('s1').end(a);
    expect(await at('s1').resolve(a)).toBeNull();
    expect(await at('s1').resolve(b)).not.toBeNull();
    await at('s1').endAll(accountId);
    expect(await at('s1').resolve(b)).toBeNull();
    expect(await database.admin.select().from(sessions)).toHaveLength(0);
  });

  it('rotates the session at sign-in and remembers known devices per account', async () => {
    const first = await at('s1').signIn(accountId, { sid: undefined, latid: undefined });
    expect(first.newDevice).toBe(true);
    const again = await at('s1').signIn(accountId, { sid: first.sid, latid: first.latid });
    expect(again).toMatchObject({ latid: first.latid, newDevice: false });
    expect(await at('s1').resolve(first.sid)).toBeNull();
    expect(await at('s1').resolve(again.sid)).not.toBeNull();
  });

  it("carries the account top's credentials, read with the session on every request (decision 0060)", async () => {
    const token = await start('s1');
    expect(await at('s1').resolve(token)).toMatchObject({
      email: 'a@example.jp',
      credentials: { userId: null, hasPassword: false, passwordUpdatedAt: null },
    });
    const changedAt = new Date('2026-11-02T03:04:05Z');
    await database.admin
      .update(accounts)
      .set({ email: 'b@example.jp', userId: 'member-b', passwordHash: 'x', passwordUpdatedAt: changedAt })
      .where(eq(accounts.id, accountId));
    // The next request sees the change: nothing of the account is kept between requests.
    expect(await at('s1').resolve(token)).toMatchObject({
      email: 'b@example.jp',
      credentials: { userId: 'member-b', hasPassword: true, passwordUpdatedAt: changedAt },
    });
    await database.admin
      .update(accounts)
      .set({ email: 'a@example.jp', userId: null, passwordHash: null, passwordUpdatedAt: null })
      .where(eq(accounts.id, accountId));
  });
});
