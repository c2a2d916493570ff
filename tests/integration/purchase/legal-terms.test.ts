import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantDoc } from '../../helpers/tenant-factory.ts';
import { createHarness } from '../app-harness.ts';
import { browser, type Harness } from '../identity/support.ts';
import { createFakeGateway } from './fake-gateway.ts';
import { KAEDE, kaedeDoc, memberWithCard } from './support.ts';

// Issue 20, point 4 (decision 0045): the final confirmation carries the legal terms derived from
// the plan, and every store has a 特定商取引法に基づく表記 page: from its `legal` section, or, for
// a document written before the section existed (a store the project has never seen), from what
// it has, the rest disclosed on request. Such a document is applied with a warning, not refused.

const fake = createFakeGateway();
let h: Harness;
const legal = {
  seller: { ja: '株式会社かえで', en: 'Kaede Inc.' },
  representative: { ja: '代表取締役 楓 一郎', en: 'Ichiro Kaede, CEO' },
  address: { ja: '東京都港区六本木1-1-1', en: '1-1-1 Roppongi, Minato-ku, Tokyo' },
  phone: '03-1111-2222',
  contactHours: { ja: '平日 10:00〜17:00', en: 'Weekdays 10:00-17:00' },
  email: 'support@kaede.example.jp',
};
const PLAIN = 'plain.test.localhost';

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: fake.gateway });
  await h.apply(kaedeDoc({ legal }));
});
afterAll(() => h.close());

describe('the final confirmation', () => {
  it('carries the terms of the order: the trial, the campaign price for 3 payments, then the list price', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const verify = await m.b.post('/zapi/purchase/verify/trial', { paymentMethodId: m.methodId, campaignCode: 'DISC' });
    const page = await m.b.screen(`/plans/trial/confirm?token=${verify.body.purchaseToken}`);
    expect(page.status).toBe(200);
    const terms = page.body.terms;
    expect(terms).toMatchObject({ kind: 'subscription', chargeToday: 0, cycle: { span: 1, unit: 'month' }, contractEnds: null });
    expect(terms.free.days).toBe(7);
    expect(terms.charges).toMatchObject([
      { amount: 300, first: 1, last: 3 },
      { amount: 990, first: 4, last: null },
    ]);
    expect(terms.nextCharge).toEqual({ day: verify.body.firstPaymentDay, amount: 300 });
  });

  it('a rental: the amount once and the viewing window', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const verify = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    const page = await m.b.screen(`/plans/rental/confirm?token=${verify.body.purchaseToken}`);
    expect(page.body.terms).toMatchObject({ kind: 'rental', amount: 440, viewing: { days: 2 } });
  });
});

describe('/legal/tokushoho', () => {
  it('shows the seller statements in the viewer’s language, the plans on sale with prices and the payment methods', async () => {
    const ja = await browser(h, KAEDE).screen('/legal/tokushoho');
    expect(ja.status).toBe(200);
    expect(ja.body).toMatchObject({
      disclosedOnRequest: false,
      seller: '株式会社かえで',
      representative: '代表取締役 楓 一郎',
      phone: '03-1111-2222',
      email: 'support@kaede.example.jp',
      paymentMethods: ['SbpsCredit', 'SbpsDocomo'],
    });
    // The plans listed and on sale, with their prices.
    const names = ja.body.plans.map((p: { planName: string }) => p.planName);
    expect(names).toContain('お試し月額');
    // A plan whose sales ended is not offered any more.
    expect(names).not.toContain('終了');
    const en = await browser(h, KAEDE).screen('/legal/tokushoho?lang=en');
    expect(en.body).toMatchObject({ seller: 'Kaede Inc.', address: '1-1-1 Roppongi, Minato-ku, Tokyo' });
  });

  it('a selling store without the section is applied with a warning, and its page names the business and says the rest is disclosed on request', async () => {
    const doc = tenantDoc('plain', {
      hosts: [PLAIN],
      paymentMethods: ['SbpsCredit'],
      plans: [{ planId: 'm', planType: 'subscription', planName: { ja: '月額' }, price: 500 }],
    });
    const applied = await h.apply(doc);
    expect(applied.notes).toEqual([expect.stringContaining('$.legal: missing; a store that sells must publish')]);
    const page = await browser(h, PLAIN).screen('/legal/tokushoho');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ disclosedOnRequest: true, seller: 'plain Inc.', representative: null, address: null, phone: null });
  });
});
