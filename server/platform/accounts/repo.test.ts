import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSettings } from '#config-schema/store-settings.ts';
import { AppError } from '#domain/errors.ts';
import { inStore } from '#server/db/scope.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { type AccountRepo, createAccountRepo } from './repo.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let repo: AccountRepo;
const at = new Date('2026-05-01T00:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  const stores = createStoreRepo(database.db);
  await stores.save(storeSettings.parse(tenantDoc('aozora')));
  await stores.save(storeSettings.parse(tenantDoc('midori')));
  repo = createAccountRepo(database.db);
});
afterAll(() => database.drop());

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, field: e.field };
    throw e;
  }
  return null;
};

describe('account repo', () => {
  it('creates an account with its policy consents and a 22-character url-safe public id', async () => {
    const a = await inStore('aozora', () =>
      repo.create({
        email: ' Taro@Example.JP ',
        userId: 'taro01',
        passwordHash: 'hash',
        language: 'en',
        consents: [
          { policyId: 'terms', revision: 3 },
          { policyId: 'privacy', revision: 1 },
        ],
        at,
      }),
    );
    expect(a.email).toBe('taro@example.jp');
    expect(a.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.passwordUpdatedAt).toEqual(at);
    expect(a.language).toBe('en');
    expect(await inStore('aozora', () => repo.listConsents(a.id))).toEqual([
      { policyId: 'privacy', revision: 1, consentedAt: at },
      { policyId: 'terms', revision: 3, consentedAt: at },
    ]);
  });

  it('finds by e-mail (any case), user ID (any case), login name, id and public id, within the store only', async () => {
    const a = await inStore('aozora', () => repo.create({ email: 'hanako@example.jp', userId: 'Hanako22', at }));
    expect((await inStore('aozora', () => repo.findByEmail('HANAKO@example.jp')))?.id).toBe(a.id);
    expect((await inStore('aozora', () => repo.findByUserId('hanako22')))?.id).toBe(a.id);
    expect((await inStore('aozora', () => repo.findByLogin('HANAKO22')))?.id).toBe(a.id);
    expect((await inStore('aozora', () => repo.findByLogin('Hanako@Example.jp')))?.id).toBe(a.id);
    expect((await inStore('aozora', () => repo.findById(a.id)))?.email).toBe('hanako@example.jp');
    expect((await inStore('aozora', () => repo.findByPublicId(a.publicId)))?.id).toBe(a.id);
    expect(await inStore('midori', () => repo.findById(a.id))).toBeNull();
    expect(await inStore('midori', () => repo.findByPublicId(a.publicId))).toBeNull();
    expect(await inStore('midori', () => repo.findByEmail('hanako@example.jp'))).toBeNull();
    expect(await inStore('midori', () => repo.findByLogin('hanako22'))).toBeNull();
    expect(await inStore('aozora', () => repo.findById('not-a-uuid'))).toBeNull();
    expect(a.passwordHash).toBeNull();
  });

  it('reports taken e-mail addresses and user IDs per store', async () => {
    await inStore('aozora', () => repo.create({ email: 'jiro@example.jp', userId: 'jiro0001', at }));
    expect(await inStore('aozora', () => repo.emailExists('JIRO@example.jp'))).toBe(true);
    expect(await inStore('midori', () => repo.emailExists('jiro@example.jp'))).toBe(false);
    expect(await inStore('aozora', () => repo.userIdExists('JIRO0001'))).toBe(true);
    expect(await inStore('midori', () => repo.userIdExists('jiro0001'))).toBe(false);
    expect(await codeOf(inStore('aozora', () => repo.create({ email: 'Jiro@Example.jp', at })))).toEqual({
      code: 'ACCOUNT_ALREADY_EXISTS_EMAIL',
      field: 'email',
    });
    expect(await codeOf(inStore('aozora', () => repo.create({ email: 'other@example.jp', userId: 'JIRO0001', at })))).toEqual({
      code: 'ACCOUNT_ALREADY_EXISTS_USER_ID',
      field: 'userId',
    });
    // The same address in another store is another, unrelated account.
    const other = await inStore('midori', () => repo.create({ email: 'jiro@example.jp', userId: 'jiro0001', at }));
    expect(other.storeId).toBe('midori');
  });

  it('creates nothing when a consent cannot be stored (one transaction)', async () => {
    const bad = inStore('aozora', () => repo.create({ email: 'saburo@example.jp', consents: [{ policyId: 'terms', revision: 1.5 }], at }));
    await expect(bad).rejects.toThrow();
    expect(await inStore('aozora', () => repo.emailExists('saburo@example.jp'))).toBe(false);
  });

  it('sets the password hash only for an account of the given store', async () => {
    const a = await inStore('aozora', () => repo.create({ email: 'shiro@example.jp', at }));
    const later = new Date('2026-06-01T00:00:00Z');
    expect(await inStore('midori', () => repo.setPassword(a.id, 'other', later))).toBe(false);
    expect(await inStore('aozora', () => repo.setPassword(a.id, 'new-hash', later))).toBe(true);
    const row = await inStore('aozora', () => repo.findById(a.id));
    expect(row?.passwordHash).toBe('new-hash');
    expect(row?.passwordUpdatedAt).toEqual(later);
  });
});
