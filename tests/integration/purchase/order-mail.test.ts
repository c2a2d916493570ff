import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '#server/db/schema.ts';
import { createHarness } from '../app-harness.ts';
import { type Harness, mailsTo } from '../identity/support.ts';
import { CARD_3DS, CARD_DECLINE, createFakeGateway } from './fake-gateway.ts';
import { buy, KAEDE, kaedeDoc, memberWithCard } from './support.ts';

// Issue 20, point 5: an order confirmation mail for first purchases, rentals and new
// subscriptions, in the member's language, with the final confirmation's legal items (decision
// 0045), through the mail queue: once per order, whatever the clicks and returns, and never for a
// payment that failed.

const fake = createFakeGateway();
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, undefined, { gateway: fake.gateway });
  await h.apply(kaedeDoc());
});
afterAll(() => h.close());
beforeEach(() => {
  fake.state.down = false;
  fake.state.delayMs = 0;
});

const orderMails = (to: string) => mailsTo(h, to, 'orderConfirmation');

describe('the order confirmation mail', () => {
  it('a new subscription with a free trial and a code: one mail with every amount, the cycle, the next charge and where to cancel', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const { purchase } = await buy(m.b, 'trial', { paymentMethodId: m.methodId, campaignCode: 'DISC' });
    expect(purchase?.status).toBe(200);
    const mails = await orderMails(m.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('【Store kaede】お申し込みを受け付けました');
    // The same rows as the final confirmation: 7 free days, ¥300 for 3 payments, then ¥990 monthly.
    for (const part of [
      'お試し月額',
      'Visa **** 1111',
      '無料（無料期間7日間）',
      '1〜3回目',
      '各¥300',
      '4回目',
      '毎回¥990',
      '1か月ごとに自動更新',
      '解約のお手続きをされるまで',
      '次回のお支払い',
    ]) {
      expect(mail?.text, part).toContain(part);
    }
    expect(mail?.text).toContain('/mypage/plans');
    expect(mail?.text).toContain('/legal/tokushoho');
    expect(mail?.html).toContain('各¥300');
  });

  it('a rental, double-clicked: one charge and one mail, in the member’s language (English) with the viewing window', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    await h.database.admin.update(accounts).set({ language: 'en' }).where(eq(accounts.id, m.accountId));
    const verify = await m.b.post('/zapi/purchase/verify/rental', { paymentMethodId: m.methodId });
    fake.state.delayMs = 20;
    const answers = await Promise.all([
      m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken }),
      m.b.post('/zapi/purchase/rental', { purchaseToken: verify.body.purchaseToken }),
    ]);
    expect(answers.map((a) => a.status)).toContain(200);
    const mails = await orderMails(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('[Store kaede] Your order has been received');
    expect(mails[0]?.text).toContain('¥440, charged once when you place the order');
    expect(mails[0]?.text).toMatch(/2 days from the order \(until \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}\)/);
    expect(mails[0]?.text).toContain('Payment method: Visa **** 1111');
  });

  it('a declined card sends none; a 3-D Secure purchase sends one only once the return completes it, however often it is reloaded', async () => {
    const declined = await memberWithCard(h, KAEDE, 'kaede', CARD_DECLINE);
    const failed = await buy(declined.b, 'buy', { paymentMethodId: declined.methodId });
    expect(failed.purchase?.body).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(await orderMails(declined.email)).toHaveLength(0);

    const m = await memberWithCard(h, KAEDE, 'kaede', CARD_3DS);
    const { purchase } = await buy(m.b, 'rental', { paymentMethodId: m.methodId }, { tds2infoToken: 'tds', tds2infoTokenKey: 'key' });
    const ref = purchase?.body.providerRedirect.params.ref as string;
    expect(await orderMails(m.email)).toHaveLength(0);
    expect((await m.b.get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`)).status).toBe(303);
    expect((await m.b.get(`/zapi/purchase/return?ref=${ref}&sig=signed-${ref}`)).status).toBe(303);
    expect(await orderMails(m.email)).toHaveLength(1);
  });

  it('a 100 % campaign code pays alone: the order is confirmed at ¥0', async () => {
    const m = await memberWithCard(h, KAEDE, 'kaede');
    const { purchase } = await buy(m.b, 'rental', { paymentMethodId: 'CampaignCode', campaignCode: 'ZERO' });
    expect(purchase?.status).toBe(200);
    const [mail] = await orderMails(m.email);
    expect(mail?.text).toContain('¥0（ご注文の確定時に1回のみ）');
    expect(mail?.text).toContain('キャンペーンコード');
  });
});
