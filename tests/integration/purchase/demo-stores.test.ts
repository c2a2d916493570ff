// Issue 9, "Done when": on each demo store (tenants/*.json as shipped) a member can buy each kind
// of plan with each kind of payment method the store's settings allow: a stored card, a stored
// agreement (PayPal or a carrier) for a subscription, a one-time redirect for a purchase or a
// rental, and the campaign-code method where a 100 % code covers the plan. The provider is the
// fake gateway; the sandbox's own behaviour has its own tests.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '#config-schema/plans.ts';
import { type StoreSettings, storeSettings } from '#config-schema/store-settings.ts';
import { campaignOpen } from '#domain/commerce/campaign.ts';
import { CAMPAIGN_CODE_METHOD } from '#domain/commerce/payment-choice.ts';
import { REDIRECT_METHOD_TYPES } from '#domain/commerce/payment-method-types.ts';
import { accountPaymentMethods } from '#server/db/schema.ts';
import { inStore } from '#server/db/scope.ts';
import { createHarness } from '../app-harness.ts';
import type { Harness } from '../identity/support.ts';
import { createFakeGateway } from './fake-gateway.ts';
import { buy, memberWithCard } from './support.ts';

const DEMO = ['aozora', 'kurenai', 'midori'] as const;
const raw = Object.fromEntries(DEMO.map((id) => [id, JSON.parse(readFileSync(`tenants/${id}.json`, 'utf8')) as unknown]));
const settings = Object.fromEntries(DEMO.map((id) => [id, storeSettings.parse(raw[id])])) as Record<string, StoreSettings>;
const now = new Date();

/** The first plan of each kind a viewer can buy now (listed, in its sales period, no survey to answer). */
function buyable(store: StoreSettings, kind: Plan['planType']): Plan | undefined {
  return store.plans.find(
    (p) =>
      p.planType === kind &&
      p.visible &&
      !p.surveyId &&
      !(p.salesStartDate && Date.parse(p.salesStartDate) > now.getTime()) &&
      !(p.salesEndDate && Date.parse(p.salesEndDate) < now.getTime()),
  );
}

/** A running 100 % code for the plan, if the store has one. */
function fullCode(store: StoreSettings, planId: string): string | undefined {
  return store.campaigns.find(
    (c) => c.code && c.planIds.includes(planId) && c.campaignType === 'discount' && c.price === 0 && campaignOpen(c, now),
  )?.code;
}

type Case = { storeId: string; kind: Plan['planType']; planId: string; method: string };
const cases: Case[] = DEMO.flatMap((storeId) => {
  const store = settings[storeId] as StoreSettings;
  return (['subscription', 'rental', 'purchase'] as const).flatMap((kind) => {
    const plan = buyable(store, kind);
    if (!plan) return [];
    return store.paymentMethods
      .filter((m) => m !== CAMPAIGN_CODE_METHOD || fullCode(store, plan.planId))
      .map((method) => ({ storeId, kind, planId: plan.planId, method }));
  });
});

const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: fake.gateway });
  for (const id of DEMO) await h.apply(raw[id]);
});
afterAll(() => h.close());

describe('the demo stores sell each kind of plan through each kind of method they offer', () => {
  it('every demo store has a case of each kind of plan', () => {
    for (const storeId of DEMO)
      expect(new Set(cases.filter((c) => c.storeId === storeId).map((c) => c.kind))).toEqual(
        new Set(['subscription', 'rental', 'purchase']),
      );
  });

  it.each(cases)('$storeId: $kind $planId with $method', async ({ storeId, kind, planId, method }) => {
    const store = settings[storeId] as StoreSettings;
    const m = await memberWithCard(h, store.hosts[0] as string, storeId);
    let form: Record<string, unknown> = { paymentMethodId: m.methodId };
    if (method === CAMPAIGN_CODE_METHOD) form = { paymentMethodId: CAMPAIGN_CODE_METHOD, campaignCode: fullCode(store, planId) };
    else if (REDIRECT_METHOD_TYPES.includes(method as never) && kind !== 'subscription') form = { paymentMethodId: method };
    else if (method !== 'SbpsCredit') {
      // A subscription pays with an agreement registered in My Page (PayPal, carrier billing).
      const [row] = await inStore(storeId, () =>
        h.database.db
          .insert(accountPaymentMethods)
          .values({ storeId, accountId: m.accountId, paymentMethodType: method, agreementRef: `agr-${m.accountId}`, label: 'demo' })
          .returning(),
      );
      form = { paymentMethodId: row?.id };
    }
    const { verify, purchase } = await buy(m.b, planId, form);
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(purchase?.status, JSON.stringify(purchase?.body)).toBe(200);
    const done = purchase?.body.providerRedirect
      ? await m.b.get(
          `/zapi/purchase/return?ref=${purchase.body.providerRedirect.params.ref}&sig=signed-${purchase.body.providerRedirect.params.ref}`,
        )
      : null;
    const to = done ? done.headers.get('location') : purchase?.body.redirectTo;
    expect(to).toMatch(new RegExp(`^/plans/${planId}/complete\\?orderId=`));
  });
});
