import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSettings } from '#config-schema/store-settings.ts';
import { inStore } from '#server/db/scope.ts';
import { createAccountRepo } from '#server/platform/accounts/repo.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { describeClient } from './device.ts';
import { createLoginHistoryRepo, type LoginHistoryRepo } from './login-history.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let history: LoginHistoryRepo;
let taro: string;
let hanako: string;
const at = (minutes: number) => new Date(Date.UTC(2026, 4, 1, 0, minutes));
const client = describeClient(
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  '8.8.8.8',
);

beforeAll(async () => {
  database = await createTestDatabase();
  await createStoreRepo(database.db).save(storeSettings.parse(tenantDoc('aozora')));
  const accounts = createAccountRepo(database.db);
  taro = (await inStore('aozora', () => accounts.create({ email: 'taro@example.jp', at: at(0) }))).id;
  hanako = (await inStore('aozora', () => accounts.create({ email: 'hanako@example.jp', at: at(0) }))).id;
  history = createLoginHistoryRepo(database.db);
});
afterAll(() => database.drop());

describe('login history', () => {
  it('records attempts and lists the newest first, with the client description', async () => {
    await inStore('aozora', () => history.record({ accountId: taro, result: false, loginType: 'password', client, at: at(1) }));
    await inStore('aozora', () => history.record({ accountId: taro, result: true, loginType: 'password', client, at: at(2) }));
    await inStore('aozora', () => history.record({ accountId: taro, result: true, loginType: 'authCode', client, at: at(3) }));
    await inStore('aozora', () => history.record({ accountId: hanako, result: true, loginType: 'line', client, at: at(4) }));
    const list = await inStore('aozora', () => history.list(taro, { limit: 10 }));
    expect(list.map((e) => [e.at, e.result, e.loginType])).toEqual([
      [at(3), true, 'authCode'],
      [at(2), true, 'password'],
      [at(1), false, 'password'],
    ]);
    expect(list[0]).toMatchObject({ deviceType: 'desktop', deviceName: 'Windows 10', browser: 'Chrome', country: 'US', ip: '8.8.8.8' });
  });

  it('honours the limit and the store', async () => {
    expect(await inStore('aozora', () => history.list(taro, { limit: 2 }))).toHaveLength(2);
    expect(await inStore('midori', () => history.list(taro, { limit: 10 }))).toEqual([]);
  });
});

describe('login history pages', () => {
  it('skips `offset` newer entries and counts only the member of the store', async () => {
    const page2 = await inStore('aozora', () => history.list(taro, { limit: 2, offset: 2 }));
    expect(page2.map((e) => e.at)).toEqual([at(1)]);
    expect(await inStore('aozora', () => history.count(taro))).toBe(3);
    expect(await inStore('aozora', () => history.count(hanako))).toBe(1);
    expect(await inStore('midori', () => history.count(taro))).toBe(0);
  });
});
