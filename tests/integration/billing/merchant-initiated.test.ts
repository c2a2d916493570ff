// Renewals are merchant-initiated (decision 0049), over the real app and the sandbox provider: a
// card that asked for 3-D Secure at the purchase renews without a challenge, because the renewal
// references the charge the member authenticated; the one published card whose issuer refuses
// renewals without authentication goes on hold, and the member's retry runs the challenge and pays.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaymentMethods, contracts, earnings } from '#server/db/schema.ts';
import { acrossStores, inStore } from '#server/db/scope.ts';
import { answerChallenge, browserToken } from '../../helpers/payment-sandbox.ts';
import { createHarness } from '../app-harness.ts';
import { type Harness, movableClock } from '../identity/support.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from '../purchase/support.ts';

const DAY = 86_400_000;
const clock = movableClock(new Date('2027-01-10T10:00:00+09:00'));
let h: Harness;

beforeAll(async () => {
  // The harness's own sandbox provider (the default), on the same clock.
  h = await createHarness({ SESSION_TTL_DAYS: '365' }, clock.now);
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());

const local = (location: string | null) => {
  const url = new URL(location ?? 'http://missing/');
  return `${url.pathname}${url.search}`;
};

/** A member whose registered card is this sandbox test card, subscribed to the monthly plan through its 3-D Secure challenge. */
async function subscribedWith(cardNumber: string) {
  const sandbox = h.payments;
  if (!sandbox) throw new Error('the harness has no sandbox');
  const m = await memberWithCard(h, KAEDE, 'kaede', 'placeholder');
  const tok = await browserToken(sandbox.gateway, 'kaede', { cardNumber });
  if (!tok.ok) throw new Error(tok.code);
  const card = await sandbox.gateway.registerCard({
    storeId: 'kaede',
    customerRef: `cust-${m.accountId}`,
    token: tok.token,
    tokenKey: tok.tokenKey,
    idempotencyKey: `reg-${m.methodId}`,
  });
  if (!card.ok) throw new Error(JSON.stringify(card.failure));
  await inStore('kaede', () =>
    h.database.db.update(accountPaymentMethods).set({ cardRef: card.value.cardRef }).where(eq(accountPaymentMethods.id, m.methodId)),
  );
  const { purchase } = await buy(m.b, 'monthly', { paymentMethodId: m.methodId, surveyAnswers: [{ questionId: 'why', value: 'x' }] });
  const challenge = purchase?.body.providerRedirect;
  expect(challenge, 'the purchase asks for 3-D Secure').toBeTruthy();
  const answered = await answerChallenge(challenge, { otp: '1234' });
  const back = await m.b.get(local(answered.location));
  expect(back.headers.get('location')).toMatch(/\/plans\/monthly\/complete\?orderId=/);
  const [c] = await inStore('kaede', () => h.database.db.select().from(contracts).where(eq(contracts.accountId, m.accountId)));
  if (!c) throw new Error('no contract');
  expect(c.status).toBe('NEW_CONTRACT');
  return { ...m, contractId: c.id };
}

const contract = async (id: string) =>
  (
    await inStore('kaede', () =>
      h.database.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.storeId, 'kaede'), eq(contracts.id, id))),
    )
  )[0];
const attempts = async (id: string) =>
  (
    (await acrossStores(() =>
      h.database.db.execute(
        sql`select kind, outcome, failure_code from billing_attempts where contract_id = ${id}::uuid order by created_at`,
      ),
    )) as unknown as { rows: unknown[] }
  ).rows;

describe('renewals of a card authenticated with 3-D Secure at the purchase', () => {
  it('renews without a challenge; the published card whose issuer refuses renewals goes on hold, and the retry runs the challenge', async () => {
    const renews = await subscribedWith('4000000000003220');
    const refused = await subscribedWith('4000002760003184');

    clock.advance(31 * DAY); // 2027-02-10 10:00 JST: both are due.
    expect(await h.services.billing.runBilling({ at: clock.now() })).toMatchObject({ renewed: 1, failed: 1, held: 1 });

    // Merchant-initiated, referencing the purchase's authenticated charge: paid, no challenge.
    expect(await contract(renews.contractId)).toMatchObject({ status: 'ONGOING_CONTRACT', nextSettlementDay: '2027-03-10', periodNo: 1 });
    expect(await attempts(renews.contractId)).toEqual([{ kind: 'renewal', outcome: 'succeeded', failure_code: null }]);

    // The issuer refuses it without authentication: on hold, as a declined renewal.
    expect(await contract(refused.contractId)).toMatchObject({ status: 'HOLD', holdSince: '2027-02-10' });
    expect(await attempts(refused.contractId)).toEqual([
      { kind: 'renewal', outcome: 'declined', failure_code: 'declined:authentication_required' },
    ]);

    // The member's retry is customer-initiated: the card's challenge, answered, pays it.
    const path = `/zapi/subscription/${refused.contractId}/re-settlement`;
    const retry = await refused.b.post(path, {});
    expect(retry.status).toBe(200);
    expect(retry.body.providerRedirect?.url).toMatch(/\/v1\/challenge$/);
    expect(await contract(refused.contractId)).toMatchObject({ status: 'HOLD' }); // nothing written while it is open
    const answered = await answerChallenge(retry.body.providerRedirect, { otp: '1234' });
    const returnPath = local(answered.location);
    expect(returnPath).toMatch(/^\/zapi\/subscription\/re-settlement\/return\?/);
    const back = await refused.b.get(returnPath);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/mypage/subscription/${refused.contractId}`);
    expect(await contract(refused.contractId)).toMatchObject({ status: 'HOLD_RELEASED', nextSettlementDay: '2027-03-10', holdSince: null });
    const paid = await inStore('kaede', () => h.database.db.select().from(earnings).where(eq(earnings.contractId, refused.contractId)));
    expect(paid.map((e) => e.billingAmount)).toEqual([500, 500]);

    // The return seen again (a reload): the subscription's page, nothing charged twice.
    const reload = await refused.b.get(returnPath);
    expect(reload.headers.get('location')).toBe(`/mypage/subscription/${refused.contractId}`);
    expect(
      await inStore('kaede', () => h.database.db.select().from(earnings).where(eq(earnings.contractId, refused.contractId))),
    ).toHaveLength(2);
  });

  it('a challenge the member fails is a declined retry: still on hold, the page says so, and the next retry asks again', async () => {
    const m = await subscribedWith('4000002760003184');
    clock.advance(29 * DAY); // the settlement day (a month after the purchase, which the first test moved a month on)
    await h.services.billing.runBilling({ at: clock.now() });
    expect(await contract(m.contractId)).toMatchObject({ status: 'HOLD' });
    const path = `/zapi/subscription/${m.contractId}/re-settlement`;
    const first = await m.b.post(path, {});
    const failed = await answerChallenge(first.body.providerRedirect, 'fail');
    const back = await m.b.get(local(failed.location));
    expect(back.headers.get('location')).toBe(`/mypage/subscription/${m.contractId}?error=PAYMENT_DECLINED`);
    expect(await contract(m.contractId)).toMatchObject({ status: 'HOLD' });
    const second = await m.b.post(path, {});
    expect(second.body.providerRedirect.params.ref).not.toBe(first.body.providerRedirect.params.ref);
    expect((await attempts(m.contractId)).at(-1)).toEqual({ kind: 'member_retry', outcome: 'declined', failure_code: 'challenge:failed' });
  });
});
