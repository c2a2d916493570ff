// Contracts due for renewal, written straight to the tables (set-wise, so the bench can make
// 100,000), and the engine over a test database with the in-memory gateway or the sandbox.
import { sql } from 'drizzle-orm';
import type { Plan } from '#config-schema/plans.ts';
import type { Db } from '#server/db/client.ts';
import { acrossStores } from '#server/db/scope.ts';
import { createBillingEngine } from '#server/features/billing/engine.ts';
import { createSubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import type { PaymentGateway } from '#server/platform/payments/gateway.ts';
import { createStoreRepo } from '#server/platform/stores/repo.ts';
import { applyStoreDocument } from '#server/platform/stores/service.ts';
import { browserToken, type TestSandbox } from '../../helpers/payment-sandbox.ts';
import { tenantDoc } from '../../helpers/tenant-factory.ts';

export const STORE = 'bill-a';
export const OTHER_STORE = 'bill-b';

export function plan(p: Partial<Plan> & { planId: string }): Plan {
  return {
    planType: 'subscription',
    planName: { ja: `${p.planId}プラン`, en: `${p.planId} plan` },
    price: 1000,
    freeTrialDays: 0,
    renewSpan: 1,
    renewSpanUnit: 'month',
    forceStopRenewDate: null,
    visible: true,
    ...p,
  } as Plan;
}

export const PLANS: Plan[] = [
  plan({ planId: 'monthly', price: 1100 }),
  plan({ planId: 'weekly', price: 300, renewSpanUnit: 'week' }),
  plan({ planId: 'stopped', price: 500, forceStopRenewDate: '2027-03-01T00:00:00+09:00' }),
];

/** The stores with these plans in their settings (what the CLI and the server read). */
export async function seedStores(db: Db, storeIds = [STORE, OTHER_STORE]) {
  const repo = createStoreRepo(db);
  for (const id of storeIds) {
    const doc = tenantDoc(id, {
      paymentMethods: ['SbpsCredit'],
      plans: PLANS.map(({ planId, planName, price, renewSpan, renewSpanUnit, forceStopRenewDate }) => ({
        planId,
        planType: 'subscription' as const,
        planName,
        price,
        renewSpan,
        renewSpanUnit,
        forceStopRenewDate,
      })),
    });
    const applied = await applyStoreDocument(repo, doc);
    if (!applied.ok) throw new Error(`store ${id}: ${JSON.stringify(applied)}`);
  }
}

export type SeedContract = {
  storeId?: string;
  planId?: string;
  status?: string;
  price?: number;
  campaignPrice?: number | null;
  campaignPaymentsLeft?: number | null;
  nextSettlementDay: string;
  anchorDay?: number;
  cardRef?: string | null;
};

/**
 * One account, customer, card and contract per entry, in four statements (generate_series over
 * a JSON array). Answers the contract ids in order.
 */
export async function seedContracts(db: Db, list: SeedContract[]): Promise<string[]> {
  const data = list.map((c, i) => ({
    i,
    store_id: c.storeId ?? STORE,
    plan_id: c.planId ?? 'monthly',
    status: c.status ?? 'NEW_CONTRACT',
    price: c.price ?? 1100,
    campaign_price: c.campaignPrice ?? null,
    campaign_payments_left: c.campaignPaymentsLeft ?? null,
    next_settlement_day: c.nextSettlementDay,
    anchor_day: c.anchorDay ?? Number(c.nextSettlementDay.slice(8, 10)),
    card_ref: c.cardRef === undefined ? 'card-ok' : c.cardRef,
  }));
  const json = JSON.stringify(data);
  return acrossStores(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`create temp table seed on commit drop as
        select v.*, gen_random_uuid() as account_id, gen_random_uuid() as method_id, gen_random_uuid() as contract_id
        from jsonb_to_recordset(${json}::jsonb) as v(i int, store_id text, plan_id text, status text, price int,
          campaign_price int, campaign_payments_left int, next_settlement_day text, anchor_day int, card_ref text)`);
      await tx.execute(sql`insert into accounts (store_id, id, public_id, email)
        select store_id, account_id, 'p' || account_id, account_id || '@example.test' from seed`);
      await tx.execute(sql`insert into payment_customers (store_id, account_id, customer_ref)
        select store_id, account_id, 'cus-' || account_id from seed`);
      await tx.execute(sql`insert into account_payment_methods (store_id, id, account_id, payment_method_type, card_ref, card_brand, last4, expire_date)
        select store_id, method_id, account_id, 'SbpsCredit', card_ref, 'V', '4242', '203012' from seed where card_ref is not null`);
      await tx.execute(sql`insert into contracts (store_id, id, account_id, plan_id, order_id, status, price, campaign_price,
          campaign_payments_left, payment_method, next_settlement_day, anchor_day, usable_until)
        select store_id, contract_id, account_id, plan_id, gen_random_uuid(), status, price, campaign_price, campaign_payments_left,
          method_id::text, next_settlement_day, anchor_day, to_char(next_settlement_day::date - 1, 'YYYY-MM-DD') from seed`);
      const r = await tx.execute(sql`select contract_id from seed order by i`);
      return (r as unknown as { rows: { contract_id: string }[] }).rows.map((x) => x.contract_id);
    }),
  );
}

export function engineOver(db: Db, gateway: PaymentGateway, plans: Record<string, Plan[]> = { [STORE]: PLANS, [OTHER_STORE]: PLANS }) {
  return createBillingEngine({ db, gateway, writer: createSubscriptionWriter(db), plansOf: async (id) => plans[id] ?? null });
}

export type ContractView = {
  id: string;
  status: string;
  next_settlement_day: string;
  anchor_day: number;
  period_no: number;
  hold_since: string | null;
  retry_count: number;
  usable_until: string | null;
  campaign_payments_left: number | null;
  ended_reason: string | null;
};

export async function contractRows(db: Db): Promise<Map<string, ContractView>> {
  const r = await acrossStores(() =>
    db.execute(sql`select id::text, status, next_settlement_day, anchor_day, period_no, hold_since, retry_count, usable_until,
      campaign_payments_left, ended_reason from contracts`),
  );
  return new Map((r as unknown as { rows: ContractView[] }).rows.map((x) => [x.id, x]));
}

export async function counts(db: Db): Promise<{ earnings: number; attempts: number; mismatched: number; receipts: number }> {
  const r = await acrossStores(() =>
    db.execute(sql`select
      (select count(*)::int from earnings) as earnings,
      (select count(*)::int from billing_attempts) as attempts,
      (select count(*)::int from contracts c
         where (select count(*) from earnings e where e.store_id = c.store_id and e.contract_id = c.id) <> c.period_no) as "mismatched",
      (select count(*)::int from mail_jobs where kind = 'billing.receipt') as receipts`),
  );
  return (r as unknown as { rows: { earnings: number; attempts: number; mismatched: number; receipts: number }[] }).rows[0] as never;
}

/** Gives the members of these seeded contracts a real card at the sandbox (the seed wrote placeholders). */
export async function registerSandboxCards(db: Db, sandbox: TestSandbox, storeId: string, contractIds: string[]): Promise<void> {
  const r = await acrossStores(() =>
    db.execute(sql`select pm.id::text as method_id, pc.customer_ref from contracts c
      join account_payment_methods pm on pm.id::text = c.payment_method
      join payment_customers pc on pc.account_id = c.account_id
      where c.id = any(${`{${contractIds.join(',')}}`}::uuid[])`),
  );
  for (const row of (r as unknown as { rows: { method_id: string; customer_ref: string }[] }).rows) {
    const tok = await browserToken(sandbox.gateway, storeId, { cardNumber: '4111111111111111' });
    if (!tok.ok) throw new Error(tok.code);
    const card = await sandbox.gateway.registerCard({
      storeId,
      customerRef: row.customer_ref,
      token: tok.token,
      tokenKey: tok.tokenKey,
      idempotencyKey: `reg-${row.method_id}`,
    });
    if (!card.ok) throw new Error(JSON.stringify(card.failure));
    await acrossStores(() =>
      db.execute(sql`update account_payment_methods set card_ref = ${card.value.cardRef} where id = ${row.method_id}::uuid`),
    );
  }
}
