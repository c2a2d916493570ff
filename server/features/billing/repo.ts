// SQL of the billing engine (decision 0019). A batch is one cross-store transaction (store_worker):
// due contracts are claimed with FOR UPDATE SKIP LOCKED (another worker takes the next ones), kept
// locked while the gateway is asked, then written back set-wise: one update of the contracts, one
// insert of the attempts, of the earnings (those three by the subscription writer, decision 0041)
// and of the mail jobs. A worker killed mid-batch rolls the whole batch back; the rerun asks the
// gateway again with the same keys and gets the same answers.
import { sql } from 'drizzle-orm';
import type { BillingState } from '#domain/billing/renewal-step.ts';
import type { SubscriptionStatus } from '#domain/billing/subscription-status.ts';
import type { Db } from '#server/db/client.ts';
import { billingAttempts, mailJobs } from '#server/db/schema.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A claimed contract with what charging it needs. */
export type DueContract = BillingState & {
  storeId: string;
  accountId: string;
  planId: string;
  paymentMethod: string;
  method: {
    type: string;
    cardRef: string | null;
    agreementRef: string | null;
    cardBrand: string | null;
    last4: string | null;
    expireDate: string | null;
    label: string | null;
  } | null;
  customerRef: string | null;
  /**
   * The charge a renewal references as merchant-initiated (decision 0049): the member's latest
   * paid retry of this contract, else the purchase's charge; null when the member never paid in
   * person (a free trial, or a code). The provider checks it was authenticated on this card.
   */
  initialChargeRef: string | null;
};

const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toDue(r: Record<string, unknown>): DueContract {
  return {
    storeId: String(r.store_id),
    id: String(r.id),
    accountId: String(r.account_id),
    planId: String(r.plan_id),
    status: r.status as SubscriptionStatus,
    price: Number(r.price),
    campaignPrice: num(r.campaign_price),
    campaignPaymentsLeft: num(r.campaign_payments_left),
    paymentMethod: String(r.payment_method),
    nextSettlementDay: String(r.next_settlement_day),
    anchorDay: Number(r.anchor_day),
    periodNo: Number(r.period_no),
    usableUntil: str(r.usable_until),
    holdSince: str(r.hold_since),
    retryCount: Number(r.retry_count),
    nextRetryAt: date(r.next_retry_at),
    endedAt: null,
    endedReason: null,
    method: r.pm_type
      ? {
          type: String(r.pm_type),
          cardRef: str(r.card_ref),
          agreementRef: str(r.agreement_ref),
          cardBrand: str(r.card_brand),
          last4: str(r.last4),
          expireDate: str(r.expire_date),
          label: str(r.label),
        }
      : null,
    customerRef: str(r.customer_ref),
    initialChargeRef: str(r.initial_charge_ref),
  };
}

const SELECT_DUE = sql`select c.store_id, c.id, c.account_id, c.plan_id, c.status, c.price, c.campaign_price,
    c.campaign_payments_left, c.payment_method, c.next_settlement_day, c.anchor_day, c.period_no, c.usable_until,
    c.hold_since, c.retry_count, c.next_retry_at,
    pm.payment_method_type as pm_type, pm.card_ref, pm.agreement_ref, pm.card_brand, pm.last4, pm.expire_date, pm.label,
    pc.customer_ref,
    coalesce(
      (select a.charge_ref from billing_attempts a where a.store_id = c.store_id and a.contract_id = c.id
        and a.kind = 'member_retry' and a.outcome = 'succeeded' and a.charge_ref is not null order by a.created_at desc limit 1),
      (select o.charge_ref from orders o where o.store_id = c.store_id and o.id = c.order_id)) as initial_charge_ref
  from contracts c
  left join lateral (select * from account_payment_methods m
    where m.store_id = c.store_id and m.account_id = c.account_id and m.id::text = c.payment_method and m.deleted_at is null) pm on true
  left join payment_customers pc on pc.store_id = c.store_id and pc.account_id = c.account_id`;

/** A live contract whose settlement day has come (not on hold): the `contracts_due` index's rows. */
const settlementDue = (today: string) => sql`ended_at is null and next_settlement_day <= ${today} and status not in ('HOLD', 'TRIAL_HOLD')`;
/** A held contract whose retry is due: the `contracts_retry_due` index's rows. */
const retryDue = (at: Date) =>
  sql`ended_at is null and next_retry_at <= ${at.toISOString()}::timestamptz and status in ('HOLD', 'TRIAL_HOLD')`;

/**
 * Claims up to `limit` due contracts of every store, skipping those another worker holds. The
 * contracts are picked and locked first, then joined to their payment method: joining before the
 * limit would join every due contract on every batch. Each kind of due contract is read from its
 * own index in date order (settlement day, then held contracts by retry time): the oldest due go
 * first and a batch reads only its index range; the outer limit leaves the retry subquery unrun
 * when the first fills the batch (decision 0027).
 */
export async function claimDue(
  tx: Tx,
  input: { today: string; at: Date; limit: number; exclude?: readonly string[] },
): Promise<DueContract[]> {
  const skip = input.exclude?.length ? sql`and not (id = any(${`{${input.exclude.join(',')}}`}::uuid[]))` : sql``;
  const r = await tx.execute(sql`with due as (
      select store_id, id from (
        select store_id, id from contracts where ${settlementDue(input.today)} ${skip}
        order by next_settlement_day limit ${input.limit}
        for update skip locked) settlement
      union all
      select store_id, id from (
        select store_id, id from contracts where ${retryDue(input.at)} ${skip}
        order by next_retry_at limit ${input.limit}
        for update skip locked) retry
      limit ${input.limit})
    ${SELECT_DUE} join due on due.store_id = c.store_id and due.id = c.id`);
  return rowsOf(r).map(toDue);
}

/**
 * The stores with anything due at `today` / `at`, read before a run's first batch: the run loads
 * their plans then, never inside a batch's transaction (which holds the connection, or on PGlite
 * the one session, that such a lookup would wait for).
 */
export async function dueStores(db: Db, input: { today: string; at: Date }): Promise<string[]> {
  const r = await db.execute(sql`select store_id from contracts where ${settlementDue(input.today)}
    union select store_id from contracts where ${retryDue(input.at)}`);
  return rowsOf(r).map((x) => String(x.store_id));
}

/** Whether the contract is the member's (no lock taken: another member's contract is never waited for). */
export async function ownsContract(tx: Tx, storeId: string, id: string, accountId: string): Promise<boolean> {
  const r = await tx.execute(
    sql`select 1 from contracts where store_id = ${storeId} and id = ${id}::uuid and account_id = ${accountId}::uuid`,
  );
  return rowsOf(r).length > 0;
}

/**
 * 55P03 lock_not_available, on the error or down its `cause` chain: the driver's error (which
 * has the code) reaches us wrapped in the query builder's error.
 */
export function isLockNotAvailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '55P03') return true;
  }
  return false;
}

/** One contract of a store, locked (the member's re-settlement); null when absent; 'busy' when another transaction holds it. */
export async function lockOne(tx: Tx, storeId: string, id: string): Promise<DueContract | 'busy' | null> {
  try {
    const r = await tx.execute(sql`${SELECT_DUE} where c.store_id = ${storeId} and c.id = ${id}::uuid for update of c nowait`);
    const [row] = rowsOf(r);
    return row ? toDue(row) : null;
  } catch (err) {
    // A billing run, or the member's other click, holds it right now.
    if (isLockNotAvailable(err)) return 'busy';
    throw err;
  }
}

const iso = (d: Date | string | null | undefined) => (d instanceof Date ? d.toISOString() : (d ?? null));

/** The batch's mail jobs in one statement (the contracts, attempts and earnings are the subscription writer's). */
export async function writeMailJobs(tx: Tx, rows: (typeof mailJobs.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const data = rows.map((r) => ({ ...r, runAfter: iso(r.runAfter) }));
  await tx.execute(sql`insert into ${mailJobs} (store_id, kind, payload, run_after)
    select v."storeId", v.kind, v.payload, v."runAfter"
    from json_to_recordset(${JSON.stringify(data)}::json) as v("storeId" text, kind text, payload jsonb, "runAfter" timestamptz)`);
}

/** Member re-settlements of a period answered so far (their keys are numbered; an unanswered one's key is reused). */
export async function memberAttempts(tx: Tx, storeId: string, contractId: string, periodNo: number): Promise<number> {
  const r = await tx.execute(sql`select count(*)::int as n from ${billingAttempts}
    where store_id = ${storeId} and contract_id = ${contractId}::uuid and period_no = ${periodNo} and kind = 'member_retry' and outcome <> 'unavailable'`);
  return Number(rowsOf(r)[0]?.n ?? 0);
}
