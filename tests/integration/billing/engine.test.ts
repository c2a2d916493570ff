// The billing run over a real database with the in-memory gateway (idempotent by key): what is
// due, success, decline -> hold -> retry -> the date moves, an exhausted hold, an N-payment
// campaign, a force stop, a trial becoming paid, a cancel request ending at its period end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingEngine } from '#server/features/billing/engine.ts';
import { createSubscriptionWriter } from '#server/features/subscriptions/writer.ts';
import { createTestDatabase } from '../../helpers/test-db.ts';
import { CARD_DECLINE, createFakeGateway } from '../purchase/fake-gateway.ts';
import { contractRows, counts, engineOver, OTHER_STORE, seedContracts, seedStores } from './support.ts';

const fake = createFakeGateway();
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const jst = (iso: string) => new Date(`${iso}+09:00`);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedStores(database.db);
});
afterAll(() => database?.drop());

describe('runBilling', () => {
  it('renews what is due at the given time, exactly once, and follows every rule', async () => {
    const db = database.db;
    const ids = await seedContracts(db, [
      /* 0 due monthly from Jan 31 */ { nextSettlementDay: '2027-01-31', anchorDay: 31 },
      /* 1 not due yet (tomorrow in JST) */ { nextSettlementDay: '2027-02-01' },
      /* 2 declines */ { nextSettlementDay: '2027-01-31', cardRef: CARD_DECLINE },
      /* 3 trial ends */ { nextSettlementDay: '2027-01-31', status: 'NEW_TRIAL_CONTRACT' },
      /* 4 campaign, 1 payment left */ { nextSettlementDay: '2027-01-31', campaignPrice: 300, campaignPaymentsLeft: 1 },
      /* 5 cancel requested */ { nextSettlementDay: '2027-01-31', status: 'CANCEL_REQUEST' },
      /* 6 force-stopped plan, due after the stop */ { nextSettlementDay: '2027-03-01', planId: 'stopped' },
      /* 7 force-stopped plan, due before the stop */ { nextSettlementDay: '2027-01-31', planId: 'stopped', price: 500 },
      /* 8 another store, weekly */ { nextSettlementDay: '2027-01-31', storeId: OTHER_STORE, planId: 'weekly', price: 300 },
      /* 9 no payment method */ { nextSettlementDay: '2027-01-31', cardRef: null },
    ]);
    const engine = engineOver(db, fake.gateway);
    // 23:59 JST on Jan 31: day 0's contracts are due, Feb 1's are not.
    const first = await engine.runBilling({ at: jst('2027-01-31T23:59:00'), batchSize: 3 });
    expect(first).toMatchObject({ renewed: 5, failed: 2, held: 2, cancelled: 1, skipped: 0 });
    expect(first.batches).toBe(3);
    let rows = await contractRows(db);
    const row = (i: number) => rows.get(ids[i] as string);
    expect(row(0)).toMatchObject({
      status: 'ONGOING_CONTRACT',
      next_settlement_day: '2027-02-28',
      period_no: 1,
      usable_until: '2027-02-27',
    });
    expect(row(1)).toMatchObject({ status: 'NEW_CONTRACT', next_settlement_day: '2027-02-01', period_no: 0 });
    expect(row(2)).toMatchObject({ status: 'HOLD', hold_since: '2027-01-31', retry_count: 0, next_settlement_day: '2027-01-31' });
    expect(row(3)).toMatchObject({ status: 'TRIAL_TO_PAID', next_settlement_day: '2027-02-28', period_no: 1 });
    expect(row(4)).toMatchObject({ status: 'ONGOING_CONTRACT', campaign_payments_left: 0 });
    expect(row(5)).toMatchObject({ status: 'CANCELLED', ended_reason: 'cancelled' });
    expect(row(7)).toMatchObject({ status: 'ONGOING_CONTRACT', next_settlement_day: '2027-02-28' });
    expect(row(8)).toMatchObject({ status: 'ONGOING_CONTRACT', next_settlement_day: '2027-02-07' });
    expect(row(9)).toMatchObject({ status: 'HOLD' });
    const amounts = fake.state.captures.map((c) => c.amount).sort((a, b) => a - b);
    expect(amounts).toEqual([300, 300, 500, 1100, 1100]);
    expect((await counts(db)).earnings).toBe(5);
    expect((await counts(db)).receipts).toBe(5);

    // The same time again: nothing is due twice.
    expect(await engine.runBilling({ at: jst('2027-01-31T23:59:30') })).toMatchObject({ renewed: 0, failed: 0, cancelled: 0, batches: 0 });

    // Feb 1: contract 1 is due; the held one retries (1 day after) and the member fixed the card.
    await fixCard(ids[2] as string);
    const feb1 = await engine.runBilling({ at: jst('2027-02-01T00:00:00') });
    expect(feb1).toMatchObject({ renewed: 2, failed: 1 });
    rows = await contractRows(db);
    // The retry succeeded on Feb 1: the payment date moved there (anchor 1).
    expect(row(2)).toMatchObject({
      status: 'HOLD_RELEASED',
      next_settlement_day: '2027-03-01',
      anchor_day: 1,
      hold_since: null,
      period_no: 1,
    });
    expect(row(9)).toMatchObject({ status: 'HOLD', retry_count: 1 });

    // Feb 28: the campaign is over (plan price), the trial's second renewal is ONGOING.
    fake.state.captures.length = 0;
    await engine.runBilling({ at: jst('2027-02-28T09:00:00') });
    rows = await contractRows(db);
    expect(row(3)).toMatchObject({ status: 'ONGOING_CONTRACT', next_settlement_day: '2027-03-31', period_no: 2 });
    expect(row(0)).toMatchObject({ next_settlement_day: '2027-03-31', period_no: 2 });
    // The weekly contract, last renewed for Feb 7, catches up each missed week once: Feb 7, 14, 21, 28.
    expect(fake.state.captures.map((c) => c.amount).sort()).toEqual([1100, 1100, 1100, 500, 300, 300, 300, 300].sort());
    expect(row(8)).toMatchObject({ next_settlement_day: '2027-03-07', period_no: 5 });
    // The held one without a method failed its retries on Feb 3 and Feb 7: ended.
    expect(row(9)).toMatchObject({ status: 'CANCELLED', ended_reason: 'hold_exhausted', retry_count: 3 });
    // The plan stopped on Mar 1: the contracts due then end instead of renewing.
    await engine.runBilling({ at: jst('2027-03-01T00:00:00') });
    rows = await contractRows(db);
    expect(row(6)).toMatchObject({ status: 'CANCELLED', ended_reason: 'force_stopped' });
    // One earnings row per renewed period, no more, no less.
    expect((await counts(db)).mismatched).toBe(0);
  });

  it('counts maxBatches over both batches in flight, and a batch that fails ends the run with its error and changes nothing', async () => {
    const db = database.db;
    // Due before anything above, so only these are due at this time.
    await seedContracts(
      db,
      Array.from({ length: 6 }, () => ({ nextSettlementDay: '2026-06-01' })),
    );
    const at = jst('2026-06-01T09:00:00');
    expect(await engineOver(db, fake.gateway).runBilling({ at, batchSize: 2, maxBatches: 1 })).toMatchObject({ renewed: 2, batches: 1 });
    const failing = createBillingEngine({
      db,
      gateway: fake.gateway,
      writer: createSubscriptionWriter(db),
      plansOf: async () => {
        throw new Error('settings unavailable');
      },
    });
    await expect(failing.runBilling({ at, batchSize: 2 })).rejects.toThrow('settings unavailable');
    // The failed batches rolled back: the four left are still due, and the next run renews them.
    expect(await engineOver(db, fake.gateway).runBilling({ at, batchSize: 2 })).toMatchObject({ renewed: 4, batches: 2 });
  });
});

async function fixCard(contractId: string) {
  const { sql } = await import('drizzle-orm');
  const { acrossStores } = await import('#server/db/scope.ts');
  await acrossStores(() =>
    database.db.execute(sql`update account_payment_methods set card_ref = 'card-ok'
      where id::text = (select payment_method from contracts where id = ${contractId}::uuid)`),
  );
}
