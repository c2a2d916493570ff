// Store isolation enforced by the database (decision 0008): every table that holds store data has
// row-level security on and forced, the application's role owns nothing and sees no row without a
// store, and the schema can be distributed by store (store_id leads every key).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountConsents,
  accountPaymentMethods,
  accountProfileImages,
  accounts,
  accountWithdrawals,
  authCodes,
  authFlows,
  billingAttempts,
  consentChanges,
  contracts,
  earnings,
  entitlements,
  externalAuthFlows,
  externalIdentities,
  freeTrialUsages,
  knownDevices,
  loginHistory,
  mailJobs,
  mailOutbox,
  oidcModels,
  oidcSigningKeys,
  orders,
  passwordResets,
  paymentCustomers,
  policyConsents,
  purchaseTokens,
  refunds,
  sessions,
  supportAudit,
  throttleCounters,
} from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { tenantDoc } from '../helpers/tenant-factory.ts';
import { createTestDatabase } from '../helpers/test-db.ts';

/** Shared (reference) tables: the catalogue read before a store is known. Everything else is store data. */
const REFERENCE_TABLES = ['app_secrets', 'page_stylesheets', 'store_hosts', 'store_previews', 'store_revisions', 'stores'];

let database: Awaited<ReturnType<typeof createTestDatabase>>;
type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await database.admin.execute(q)) as unknown as { rows: Row[] }).rows;

let storeTables: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const repo = createStoreRepo(database.db);
  for (const id of ['iso-a', 'iso-b']) await applyStoreDocument(repo, tenantDoc(id));
  const all = await rows(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  storeTables = all.map((r) => String(r.tablename)).filter((t) => !REFERENCE_TABLES.includes(t));
  // A row of each store in every store table, written the way the application writes (in the store's scope).
  for (const storeId of ['iso-a', 'iso-b']) {
    await inStore(storeId, async () => {
      const [account] = await database.db
        .insert(accounts)
        .values({ storeId, publicId: `pub-${storeId}`, email: `${storeId}@example.jp` })
        .returning();
      const accountId = account?.id as string;
      const at = new Date(Date.now() + 3_600_000);
      await database.db.insert(sessions).values({ storeId, idHash: `s-${storeId}`, accountId, expiresAt: at });
      await database.db.insert(authFlows).values({ storeId, tokenHash: `f-${storeId}`, kind: 'login', expiresAt: at });
      await database.db
        .insert(authCodes)
        .values({ storeId, email: `${storeId}@example.jp`, purpose: 'login', codeHash: 'x', expiresAt: at });
      await database.db.insert(passwordResets).values({ storeId, tokenHash: `r-${storeId}`, accountId, expiresAt: at });
      const client = { deviceType: 'desktop', deviceName: 'd', browser: 'b', country: null, ip: '203.0.113.1' } as const;
      await database.db.insert(loginHistory).values({ storeId, accountId, result: true, loginType: 'password', ...client });
      await database.db
        .insert(mailOutbox)
        .values({ storeId, to: 'a@example.jp', from: 'f', subject: 's', text: 't', html: 'h', kind: 'welcome', transport: 'outbox' });
      await database.db.insert(mailJobs).values({ storeId, kind: 'noop', payload: {} });
      await database.db.insert(knownDevices).values({ storeId, tokenHash: `d-${storeId}`, accountId });
      await database.db.insert(policyConsents).values({ storeId, accountId, policyId: 'terms', revision: 1 });
      await database.db.insert(throttleCounters).values({ storeId, key: `ip:${storeId}:203.0.113.1` });
      await database.db.insert(accountConsents).values({ storeId, accountId, consentOptionId: 'news', value: true });
      await database.db.insert(consentChanges).values({ storeId, accountId, consentOptionId: 'news', value: true, policyRevision: 1 });
      await database.db.insert(accountWithdrawals).values({ storeId, answers: [] });
      await database.db
        .insert(accountProfileImages)
        .values({ storeId, accountId, imageKey: `k-${storeId}`, contentType: 'image/png', data: 'iVBORw0KGgo=' });
      await database.db.insert(paymentCustomers).values({ storeId, accountId, customerRef: `c-${storeId}` });
      await database.db.insert(accountPaymentMethods).values({
        storeId,
        accountId,
        paymentMethodType: 'SbpsCredit',
        cardRef: `card-${storeId}`,
        cardBrand: 'V',
        last4: '1111',
        expireDate: '203012',
      });
      const order = {
        storeId,
        accountId,
        planId: 'plan',
        paymentMethod: 'CampaignCode',
        chargeAmount: 0,
        billingAmount: 0,
        computation: {},
      };
      const [token] = await database.db
        .insert(purchaseTokens)
        .values({ ...order, tokenHash: `t-${storeId}`, chargeNow: 0, expiresAt: at })
        .returning();
      const [placed] = await database.db
        .insert(orders)
        .values({ ...order, tokenId: token?.id as string, planType: 'subscription', status: 'completed' })
        .returning();
      const orderId = placed?.id as string;
      const [contract] = await database.db
        .insert(contracts)
        .values({
          storeId,
          accountId,
          planId: 'plan',
          orderId,
          status: 'NEW_CONTRACT',
          price: 0,
          paymentMethod: 'CampaignCode',
          nextSettlementDay: '2030-01-01',
        })
        .returning();
      const contractId = contract?.id as string;
      const charge = { storeId, idempotencyKey: `renew-${contractId}-1` };
      await database.db
        .insert(billingAttempts)
        .values({ ...charge, contractId, periodNo: 1, kind: 'renewal', amount: 100, outcome: 'succeeded' });
      const [paid] = await database.db
        .insert(earnings)
        .values({
          ...charge,
          accountId,
          contractId,
          planId: 'plan',
          planName: { ja: 'プラン' },
          paymentMethodType: 'SbpsCredit',
          billingAmount: 100,
          taxRate: 10,
          taxAmount: 9,
          netAmount: 91,
        })
        .returning();
      await database.db.insert(refunds).values({
        storeId,
        earningsId: paid?.id as string,
        accountId,
        amount: 10,
        status: 'done',
        reason: 'r',
        actor: 'a',
        idempotencyKey: `refund-${storeId}`,
      });
      await database.db.insert(entitlements).values({ storeId, accountId, planId: 'plan', orderId });
      await database.db.insert(freeTrialUsages).values({ storeId, accountId, planId: 'plan', orderId });
      await database.db.insert(externalIdentities).values({ storeId, accountId, provider: 'line', subject: `U-${storeId}` });
      await database.db.insert(externalAuthFlows).values({
        storeId,
        tokenHash: `x-${storeId}`,
        provider: 'line',
        action: 'login',
        state: 's',
        nonce: 'n',
        codeVerifier: 'v',
        redirectUri: 'http://x.localhost/auth/callback',
        expiresAt: at,
      });
      await database.db.insert(oidcModels).values({ storeId, model: 'Grant', id: `g-${storeId}`, payload: { accountId } });
      await database.db.insert(oidcSigningKeys).values({ storeId, kid: 'k', privateJwk: {} });
      await database.db.insert(supportAudit).values({ storeId, actor: 'staff', action: 'find', params: {}, result: 'ok' });
    });
  }
  for (const storeId of ['iso-a', 'iso-b']) await createStoreRepo(database.db).setSalesCount(storeId, 'plan', 1);
});
afterAll(() => database.drop());

describe('row-level security', () => {
  it('is enabled and forced on every table that holds store data, with the store policy', async () => {
    expect(storeTables.length).toBeGreaterThanOrEqual(12);
    const flags = await rows(
      sql`select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const policies = await rows(sql`select tablename, qual, with_check from pg_policies where schemaname = 'public'`);
    for (const table of storeTables) {
      const flag = flags.find((f) => f.relname === table);
      expect({ table, rls: flag?.relrowsecurity, forced: flag?.relforcerowsecurity }).toEqual({ table, rls: true, forced: true });
      const policy = policies.find((p) => p.tablename === table);
      expect(String(policy?.qual)).toContain("current_setting('app.store_id'::text, true)");
      expect(String(policy?.with_check)).toContain("current_setting('app.store_id'::text, true)");
    }
  });

  it('shows 0 rows of every store table to a query without a store, though every table has rows', async () => {
    for (const table of storeTables) {
      const total = await rows(sql`select count(*)::int as n from ${sql.identifier(table)}`);
      expect({ table, rows: Number(total[0]?.n) > 0 }).toEqual({ table, rows: true });
      const seen = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: Row[] };
      expect({ table, visible: Number(seen.rows[0]?.n) }).toEqual({ table, visible: 0 });
    }
  });

  it("shows a store's transaction only that store's rows, and refuses to write another store's", async () => {
    await inStore('iso-a', async () => {
      for (const table of storeTables) {
        const seen = (await database.db.execute(sql`select distinct store_id from ${sql.identifier(table)}`)) as unknown as { rows: Row[] };
        expect({ table, stores: seen.rows.map((r) => r.store_id) }).toEqual({ table, stores: ['iso-a'] });
      }
      await expect(
        database.db.insert(accounts).values({ storeId: 'iso-b', publicId: 'smuggled', email: 'x@example.jp' }),
      ).rejects.toThrow();
    });
    expect(await rows(sql`select 1 from accounts where public_id = 'smuggled'`)).toEqual([]);
  });

  it("cannot reach another store from inside a store's scope", async () => {
    await expect(inStore('iso-a', () => inStore('iso-b', async () => 1))).rejects.toThrow(/cannot reach store iso-b/);
  });

  it('lets an explicit cross-store job see every store', async () => {
    const seen = await acrossStores(
      async () => (await database.db.execute(sql`select distinct store_id from accounts`)) as unknown as { rows: Row[] },
    );
    expect(seen.rows.map((r) => r.store_id).sort()).toEqual(['iso-a', 'iso-b']);
  });

  it('runs the application as a role that owns no table and does not bypass row-level security', async () => {
    const me = (await database.db.execute(
      sql`select current_user as name, r.rolsuper as super, r.rolbypassrls as bypass from pg_roles r where r.rolname = current_user`,
    )) as unknown as { rows: Row[] };
    expect(me.rows[0]).toEqual({ name: 'store_app', super: false, bypass: false });
    const owned = await rows(sql`select tablename from pg_tables where schemaname = 'public' and tableowner = 'store_app'`);
    expect(owned).toEqual([]);
  });
});

describe('distributable by store', () => {
  it('has store_id as the first column of the primary key and of every foreign key of each store table', async () => {
    const keys = await rows(sql`
      select c.conrelid::regclass::text as table, c.conname as name, c.contype as type,
             (select a.attname from pg_attribute a where a.attrelid = c.conrelid and a.attnum = c.conkey[1]) as first_column,
             c.confrelid::regclass::text as referenced
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype in ('p', 'f', 'u')`);
    for (const table of storeTables) {
      const pk = keys.find((k) => k.table === table && k.type === 'p');
      expect({ table, pkFirst: pk?.first_column }).toEqual({ table, pkFirst: 'store_id' });
      for (const key of keys.filter((k) => k.table === table && k.type !== 'p')) {
        // A foreign key to a reference table (stores) may be store_id alone; to another store table it leads with store_id.
        expect({ table, key: key.name, first: key.first_column }).toEqual({ table, key: key.name, first: 'store_id' });
      }
    }
    const indexes = await rows(
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef like 'CREATE UNIQUE%'`,
    );
    for (const index of indexes.filter((i) => storeTables.includes(String(i.tablename)))) {
      expect({ index: index.indexname, leadsWithStore: /\(store_id[,)]/.test(String(index.indexdef)) }).toEqual({
        index: index.indexname,
        leadsWithStore: true,
      });
    }
  });
});
