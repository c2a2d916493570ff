import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '#server/app/composition.ts';
import { loadConfig } from '#server/base/config.ts';
import { createLogger } from '#server/base/logger.ts';
import { accounts, authCodes, authFlows, mailOutbox, passwordResets, purchaseTokens, sessions } from '#server/db/schema.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { RETENTION } from './retention.ts';

// The retention schedule (issue 21 point 6, decision 0035): one test per table housekeeping
// purges, each with a row that must go and one that must stay.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-12-01T00:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let services: ReturnType<typeof createServices>;
let accountId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices({ db: database.db, config: loadConfig({ NODE_ENV: 'test' }), log: createLogger('silent'), now: () => NOW });
  await applyStoreDocument(services.storeRepo, tenantDoc('ret'));
  const [account] = await database.admin
    .insert(accounts)
    .values({ storeId: 'ret', publicId: 'ret-1', email: 'ret@example.jp' })
    .returning();
  accountId = account?.id ?? '';
});
afterAll(() => database.drop());

const purge = () => services.housekeeping.purgeExpired(NOW);

describe('housekeeping keeps each table to its period', () => {
  it('password_resets: a link goes a day after it expired, used or not; a live or recent one stays', async () => {
    const row = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      storeId: 'ret',
      tokenHash,
      accountId,
      expiresAt,
      usedAt,
    });
    await database.admin
      .insert(passwordResets)
      .values([
        row('old-unused', ago(DAY + HOUR)),
        row('old-used', ago(2 * DAY), ago(2 * DAY + HOUR)),
        row('recently-expired', ago(HOUR)),
        row('live', new Date(NOW.getTime() + HOUR)),
      ]);
    expect((await purge()).passwordResets).toBe(2);
    const left = await database.admin.select({ t: passwordResets.tokenHash }).from(passwordResets);
    expect(left.map((r) => r.t).sort()).toEqual(['live', 'recently-expired']);
  });

  it('purchase_tokens: a token goes a day after it expired, consumed or not; a recent one stays', async () => {
    const row = (tokenHash: string, expiresAt: Date, consumedAt: Date | null = null) => ({
      storeId: 'ret',
      tokenHash,
      accountId,
      planId: 'p',
      paymentMethod: 'CampaignCode',
      chargeNow: 0,
      billingAmount: 0,
      computation: {},
      expiresAt,
      consumedAt,
    });
    await database.admin
      .insert(purchaseTokens)
      .values([row('old', ago(DAY + HOUR)), row('old-consumed', ago(3 * DAY), ago(3 * DAY)), row('recent', ago(HOUR))]);
    expect((await purge()).purchaseTokens).toBe(2);
    expect((await database.admin.select({ t: purchaseTokens.tokenHash }).from(purchaseTokens)).map((r) => r.t)).toEqual(['recent']);
  });

  it('mail_outbox: local-outbox mail goes after 7 days, the record of an SMTP mail after 30; newer mail stays', async () => {
    const row = (subject: string, transport: 'outbox' | 'smtp', createdAt: Date) => ({
      storeId: 'ret',
      to: 'ret@example.jp',
      from: 'no-reply@ret.example.jp',
      subject,
      text: transport === 'outbox' ? 'Your code: 123456' : '',
      html: '',
      kind: 'authCode',
      transport,
      createdAt,
    });
    await database.admin
      .insert(mailOutbox)
      .values([
        row('outbox-8d', 'outbox', ago(8 * DAY)),
        row('outbox-6d', 'outbox', ago(6 * DAY)),
        row('smtp-31d', 'smtp', ago(31 * DAY)),
        row('smtp-8d', 'smtp', ago(8 * DAY)),
      ]);
    expect((await purge()).mail).toBe(2);
    const left = await database.admin.select({ s: mailOutbox.subject }).from(mailOutbox);
    expect(left.map((r) => r.s).sort()).toEqual(['outbox-6d', 'smtp-8d']);
    expect(RETENTION.outboxMailMs).toBe(7 * DAY);
    expect(RETENTION.sentMailMs).toBe(30 * DAY);
  });

  it('sessions, auth_flows and auth_codes: expired ones go, live ones stay', async () => {
    await database.admin.insert(sessions).values([
      { storeId: 'ret', idHash: 'expired', accountId, expiresAt: ago(1) },
      { storeId: 'ret', idHash: 'live', accountId, expiresAt: new Date(NOW.getTime() + DAY) },
    ]);
    await database.admin.insert(authFlows).values([
      { storeId: 'ret', tokenHash: 'expired', kind: 'login', expiresAt: ago(1) },
      { storeId: 'ret', tokenHash: 'live', kind: 'login', expiresAt: new Date(NOW.getTime() + HOUR) },
    ]);
    const code = (createdAt: Date) => ({
      storeId: 'ret',
      email: 'ret@example.jp',
      purpose: 'login',
      codeHash: 'h',
      createdAt,
      expiresAt: createdAt,
    });
    await database.admin.insert(authCodes).values([code(ago(DAY + 1)), code(ago(HOUR))]);
    expect((await purge()).codes).toBe(1);
    expect((await database.admin.select({ h: sessions.idHash }).from(sessions)).map((r) => r.h)).toEqual(['live']);
    expect((await database.admin.select({ t: authFlows.tokenHash }).from(authFlows)).map((r) => r.t)).toEqual(['live']);
    expect(await database.admin.select().from(authCodes)).toHaveLength(1);
  });

  it('runs a first pass soon after start, without waiting an hour', async () => {
    await database.admin.insert(sessions).values({ storeId: 'ret', idHash: 'expired-at-start', accountId, expiresAt: ago(1) });
    const stop = services.housekeeping.start(createLogger('silent'), { firstRunMs: 10 });
    try {
      await expect
        .poll(async () => (await database.admin.select().from(sessions)).map((r) => r.idHash), { timeout: 5000 })
        .toEqual(['live']);
    } finally {
      await stop();
    }
  });
});
