// The subscription aggregate's one writer (decision 0041): every insert and update of
// `contracts`, `billing_attempts` and `earnings` is in this file, and a structural test
// (one-writer.test.ts) keeps it so. Who calls what:
//
//   open                   purchase: the contract of a completed subscription order (in the order's transaction)
//   recordPurchaseEarning  purchase: the first charge of any completed order, subscription or one-off
//   settle                 billing run and re-settlement: renew, hold, retry, end (set-wise, in the batch's transaction)
//   requestCancel, undoCancel, changePaymentMethod
//                          subscriptions: the member's changes, each a conditional update on what was read
//   recordRefund           refunds: the negative earnings row of a refund done at the gateway (in the refund's transaction)
//
// The member operations (open, recordPurchaseEarning, requestCancel, undoCancel, changePaymentMethod, recordRefund)
// write to the store of the database scope the edge entered (`scopedStoreId`, decision 0040); `settle`
// runs across stores and takes each contract's store id as data.
//
// What a contract becomes is decided elsewhere, purely: the billing run's steps by
// `domain/billing/renewal-step.ts`, the member's statuses by the same transition table. This file
// writes what they decided, in as few statements as the callers need (decision 0027: one per batch).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LocalizedText } from '#config-schema/common.ts';
import type { Plan } from '#config-schema/plans.ts';
import type { BillingState, ChargeOutcome, Step } from '#domain/billing/renewal-step.ts';
import { taxOf } from '#domain/billing/tax.ts';
import { planOf } from '#domain/plans.ts';
import type { SurveyAnswer } from '#domain/validation/survey-answers.ts';
import type { Db } from '#server/db/client.ts';
import { accountPaymentMethods, billingAttempts, contracts, earnings } from '#server/db/schema.ts';
import { scopedStoreId } from '#server/db/scope.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type EarningInsert = typeof earnings.$inferInsert;
type MethodRow = Pick<typeof accountPaymentMethods.$inferSelect, 'paymentMethodType' | 'cardBrand' | 'last4' | 'expireDate' | 'label'>;

/** One contract's settled step: the state it was claimed in, the step, the gateway's answer, the state after. */
export type Settlement = {
  c: BillingState & {
    storeId: string;
    accountId: string;
    planId: string;
    /** The contract's payment method (a registered method's id, or a method type). */
    paymentMethod: string;
    /** The registered method joined to the contract, for the earnings' snapshot. */
    method: { type: string; cardBrand: string | null; last4: string | null; expireDate: string | null; label: string | null } | null;
  };
  step: Step;
  outcome: ChargeOutcome;
  chargeRef: string | null;
  failureCode: string | null;
  after: BillingState;
};

/** What a member's change expects to find (status and settlement day read): a second click or a run in between finds nothing. */
export type Expected = { status: string; nextSettlementDay: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
const iso = (d: Date | string | null | undefined) => (d instanceof Date ? d.toISOString() : (d ?? null));

/** The payment method as the history and the invoice show it, frozen at the charge. */
export function methodSnapshot(
  row: MethodRow | null,
  fallbackType: string,
): Pick<EarningInsert, 'paymentMethodType' | 'paymentMethodInfo'> {
  if (!row) return { paymentMethodType: fallbackType, paymentMethodInfo: {} };
  const info = row.last4 ? { brand: row.cardBrand ?? 'unknown', last4: row.last4, expireDate: row.expireDate } : { label: row.label };
  return { paymentMethodType: row.paymentMethodType, paymentMethodInfo: info };
}

/** The amounts of an earnings row: tax included, the tax rounded down once per invoice. */
export function amountsOf(billingAmount: number): Pick<EarningInsert, 'billingAmount' | 'taxRate' | 'taxAmount' | 'netAmount'> {
  const t = taxOf(billingAmount);
  return { billingAmount: t.billingAmount, taxRate: t.taxRate, taxAmount: t.taxAmount, netAmount: t.netAmount };
}

type Charged = Settlement & { step: Extract<Step, { kind: 'charge' }> };
const isCharge = (s: Settlement): s is Charged => s.step.kind === 'charge';

export function createSubscriptionWriter(db: Db) {
  /** A member's change of one contract, only while it still is as read and has not ended. */
  async function changeIfUnchanged(id: string, expect: Expected, set: Partial<typeof contracts.$inferInsert>) {
    const storeId = scopedStoreId();
    const rows = await db
      .update(contracts)
      .set(set)
      .where(
        and(
          eq(contracts.storeId, storeId),
          eq(contracts.id, id),
          isNull(contracts.endedAt),
          eq(contracts.status, expect.status),
          eq(contracts.nextSettlementDay, expect.nextSettlementDay),
        ),
      )
      .returning({ id: contracts.id });
    return rows.length === 1;
  }

  return {
    /** open: the contract of a completed subscription order, in the order's own transaction (of the scope's store). Answers its id. */
    async open(tx: Tx, values: Omit<typeof contracts.$inferInsert, 'storeId'>): Promise<string | null> {
      const [c] = await tx
        .insert(contracts)
        .values({ ...values, storeId: scopedStoreId() })
        .returning({ id: contracts.id });
      return c?.id ?? null;
    },

    /**
     * renew, hold, retry, end: the billing run's batch (or the member's one re-settlement), written
     * set-wise in the caller's transaction: one update of the contracts that changed, one insert
     * of the attempts, one of the earnings of the paid charges (a key already recorded is
     * skipped). Answers the earnings written, by the charge's idempotency key (the receipts' mail jobs).
     */
    async settle(
      tx: Tx,
      settled: readonly Settlement[],
      settingsOf: (storeId: string) => { readonly plans: readonly Plan[] } | null | undefined,
      at: Date,
    ): Promise<Map<string, string>> {
      await writeContracts(
        tx,
        settled.filter((s) => s.after !== s.c).map((s) => ({ ...s.after, storeId: s.c.storeId })),
      );
      const charged = settled.filter(isCharge);
      await writeAttempts(
        tx,
        charged.map((s) => ({
          storeId: s.c.storeId,
          contractId: s.c.id,
          periodNo: s.step.periodNo,
          kind: s.step.attempt,
          idempotencyKey: s.step.idempotencyKey,
          amount: s.step.amount,
          outcome: s.outcome,
          failureCode: s.failureCode,
          chargeRef: s.chargeRef,
          createdAt: at,
        })),
      );
      const written = await writeEarnings(
        tx,
        charged
          .filter((s) => s.outcome === 'succeeded' && s.step.amount > 0)
          .map((s) => ({
            storeId: s.c.storeId,
            accountId: s.c.accountId,
            contractId: s.c.id,
            planId: s.c.planId,
            planName: planOf(settingsOf(s.c.storeId), s.c.planId)?.planName ?? { ja: s.c.planId },
            ...methodSnapshot(s.c.method ? { ...s.c.method, paymentMethodType: s.c.method.type } : null, s.c.paymentMethod),
            ...amountsOf(s.step.amount),
            chargeRef: s.chargeRef,
            idempotencyKey: s.step.idempotencyKey,
            createdAt: at,
          })),
      );
      return new Map(written.map((w) => [w.key, w.id]));
    },

    /** cancel: the member's cancel request, with the survey's answers and the last day of use. */
    requestCancel(id: string, expect: Expected, change: { status: string; at: Date; answers: SurveyAnswer[]; usableUntil: string }) {
      return changeIfUnchanged(id, expect, {
        status: change.status,
        cancelRequestedAt: change.at,
        cancelSurveyAnswers: change.answers,
        usableUntil: change.usableUntil,
      });
    },

    /** undo: the cancel request withdrawn (its survey's answers with it). */
    undoCancel(id: string, expect: Expected, status: string) {
      return changeIfUnchanged(id, expect, { status, cancelRequestedAt: null, cancelSurveyAnswers: [] });
    },

    /** The member's other payment method for the coming charges. */
    changePaymentMethod(id: string, expect: Expected, methodId: string) {
      return changeIfUnchanged(id, expect, { paymentMethod: methodId });
    },

    /** The first charge of a completed order (the purchase, one-off or subscription): once per order. */
    async recordPurchaseEarning(input: {
      accountId: string;
      orderId: string;
      planId: string;
      planName: LocalizedText;
      /** The order's payment method: a registered method's id, or a method type. */
      paymentMethod: string;
      amount: number;
      chargeRef: string | null;
      idempotencyKey: string;
      at: Date;
    }): Promise<void> {
      const storeId = scopedStoreId();
      await db.transaction(async (tx) => {
        const [method] = UUID.test(input.paymentMethod)
          ? await tx
              .select()
              .from(accountPaymentMethods)
              .where(and(eq(accountPaymentMethods.storeId, storeId), eq(accountPaymentMethods.id, input.paymentMethod)))
          : [];
        const [contract] = await tx
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.storeId, storeId), eq(contracts.orderId, input.orderId)));
        await tx
          .insert(earnings)
          .values({
            storeId,
            accountId: input.accountId,
            contractId: contract?.id ?? null,
            orderId: input.orderId,
            planId: input.planId,
            planName: input.planName,
            ...methodSnapshot(method ?? null, input.paymentMethod),
            ...amountsOf(input.amount),
            chargeRef: input.chargeRef,
            idempotencyKey: input.idempotencyKey,
            createdAt: input.at,
          })
          .onConflictDoNothing();
      });
    },

    /**
     * The refund of a payment as earnings (decision 0052): a negative row with the payment's plan,
     * method, contract and order, in the refund's own transaction, once per refund by its key.
     * Answers the row's id (the one already written when the key was recorded before).
     */
    async recordRefund(
      tx: Tx,
      input: {
        /** The payment refunded. */
        of: typeof earnings.$inferSelect;
        /** Yen refunded, tax included, more than 0. */
        amount: number;
        /** The tax in it (the caller shares the payment's tax out over its refunds). */
        taxAmount: number;
        refundRef: string;
        idempotencyKey: string;
        at: Date;
      },
    ): Promise<string> {
      const storeId = scopedStoreId();
      const { of } = input;
      const [row] = await tx
        .insert(earnings)
        .values({
          storeId,
          accountId: of.accountId,
          contractId: of.contractId,
          orderId: of.orderId,
          planId: of.planId,
          planName: of.planName,
          paymentMethodType: of.paymentMethodType,
          paymentMethodInfo: of.paymentMethodInfo,
          billingAmount: -input.amount,
          taxRate: of.taxRate,
          taxAmount: -input.taxAmount,
          netAmount: -(input.amount - input.taxAmount),
          chargeRef: input.refundRef,
          idempotencyKey: input.idempotencyKey,
          createdAt: input.at,
        })
        .onConflictDoNothing()
        .returning({ id: earnings.id });
      if (row) return row.id;
      const [known] = await tx
        .select({ id: earnings.id })
        .from(earnings)
        .where(and(eq(earnings.storeId, storeId), eq(earnings.idempotencyKey, input.idempotencyKey)));
      if (!known) throw new Error(`refund earnings ${input.idempotencyKey} neither written nor found`);
      return known.id;
    },
  };
}
export type SubscriptionWriter = ReturnType<typeof createSubscriptionWriter>;

/** The contracts back in one statement (one JSON parameter). */
async function writeContracts(tx: Tx, rows: (BillingState & { storeId: string })[]): Promise<void> {
  if (rows.length === 0) return;
  const data = rows.map((c) => ({
    store_id: c.storeId,
    id: c.id,
    status: c.status,
    campaign_payments_left: c.campaignPaymentsLeft,
    next_settlement_day: c.nextSettlementDay,
    anchor_day: c.anchorDay,
    period_no: c.periodNo,
    usable_until: c.usableUntil,
    hold_since: c.holdSince,
    retry_count: c.retryCount,
    next_retry_at: c.nextRetryAt?.toISOString() ?? null,
    ended_at: c.endedAt?.toISOString() ?? null,
    ended_reason: c.endedReason,
  }));
  await tx.execute(sql`update ${contracts} c set
      status = v.status, campaign_payments_left = v.campaign_payments_left, next_settlement_day = v.next_settlement_day,
      anchor_day = v.anchor_day, period_no = v.period_no, usable_until = v.usable_until, hold_since = v.hold_since,
      retry_count = v.retry_count, next_retry_at = v.next_retry_at, ended_at = v.ended_at, ended_reason = v.ended_reason
    from json_to_recordset(${JSON.stringify(data)}::json) as v(store_id text, id uuid, status text,
      campaign_payments_left integer, next_settlement_day text, anchor_day integer, period_no integer, usable_until text,
      hold_since text, retry_count integer, next_retry_at timestamptz, ended_at timestamptz, ended_reason text)
    where c.store_id = v.store_id and c.id = v.id`);
}

/** The attempts in one statement (one JSON parameter); a key already there takes the new answer. */
async function writeAttempts(tx: Tx, rows: (typeof billingAttempts.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  const data = rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  await tx.execute(sql`insert into ${billingAttempts}
      (store_id, contract_id, period_no, kind, idempotency_key, amount, outcome, failure_code, charge_ref, created_at)
    select v."storeId", v."contractId", v."periodNo", v.kind, v."idempotencyKey", v.amount, v.outcome, v."failureCode", v."chargeRef", v."createdAt"
    from json_to_recordset(${JSON.stringify(data)}::json) as v("storeId" text, "contractId" uuid, "periodNo" integer, kind text,
      "idempotencyKey" text, amount integer, outcome text, "failureCode" text, "chargeRef" text, "createdAt" timestamptz)
    on conflict (store_id, idempotency_key) do update
      set outcome = excluded.outcome, failure_code = excluded.failure_code, charge_ref = excluded.charge_ref`);
}

/** The earnings rows in one statement; a key already recorded is skipped. Answers the ids written. */
async function writeEarnings(tx: Tx, rows: EarningInsert[]): Promise<{ id: string; key: string }[]> {
  if (rows.length === 0) return [];
  const data = rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
  const r = await tx.execute(sql`insert into ${earnings}
      (store_id, account_id, contract_id, order_id, plan_id, plan_name, payment_method_type, payment_method_info,
       billing_amount, tax_rate, tax_amount, net_amount, charge_ref, idempotency_key, created_at)
    select v."storeId", v."accountId", v."contractId", v."orderId", v."planId", v."planName", v."paymentMethodType",
      coalesce(v."paymentMethodInfo", '{}'::jsonb), v."billingAmount", v."taxRate", v."taxAmount", v."netAmount", v."chargeRef",
      v."idempotencyKey", v."createdAt"
    from json_to_recordset(${JSON.stringify(data)}::json) as v("storeId" text, "accountId" uuid, "contractId" uuid, "orderId" uuid,
      "planId" text, "planName" jsonb, "paymentMethodType" text, "paymentMethodInfo" jsonb, "billingAmount" integer,
      "taxRate" integer, "taxAmount" integer, "netAmount" integer, "chargeRef" text, "idempotencyKey" text, "createdAt" timestamptz)
    on conflict (store_id, idempotency_key) do nothing
    returning id::text as id, idempotency_key as key`);
  return rowsOf(r).map((x) => ({ id: String(x.id), key: String(x.key) }));
}
